//! Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual
//! variables, O(n³) (the primal-dual method as in Galil's survey, "Efficient algorithms for
//! finding maximum matching in graphs", 1986).
//!
//! Duals are kept doubled so that integer weights need integer arithmetic only: the slack
//! of edge (i, j) is `dual[i] + dual[j] − 2·w(i, j)`, and the slacks of edges between two
//! S-vertices are always even.

use super::wide::Weight;

const NONE: usize = usize::MAX;

/// A graph to match: `n` vertices and weighted edges (weight zero means no edge).
pub struct Graph<W> {
    n: usize,
    edges: Vec<(usize, usize, W)>,
}

impl<W: Weight> Graph<W> {
    pub fn new(n: usize) -> Self {
        Graph {
            n,
            edges: Vec::new(),
        }
    }

    pub fn add_edge(&mut self, a: usize, b: usize, weight: W) {
        debug_assert!(a != b && a < self.n && b < self.n);
        if !weight.is_zero() {
            self.edges.push((a, b, weight));
        }
    }

    /// Each vertex's partner in a maximum-weight matching.
    pub fn solve(&self) -> Vec<Option<usize>> {
        Solver::new(self).run()
    }
}

struct Solver<'g, W> {
    graph: &'g Graph<W>,
    n: usize,
    /// Vertex of endpoint p: edge k has endpoints 2k (its first vertex) and 2k + 1.
    endpoint: Vec<usize>,
    /// The remote endpoints of each vertex's edges.
    neighbours: Vec<Vec<usize>>,
    /// The remote endpoint of a vertex's matched edge.
    mate: Vec<usize>,
    /// 0 free, 1 S, 2 T (bit 4 marks blossoms during `scan_blossom`), per vertex and blossom.
    label: Vec<u8>,
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    blossom_parent: Vec<usize>,
    blossom_children: Vec<Vec<usize>>,
    blossom_base: Vec<usize>,
    blossom_endpoints: Vec<Vec<usize>>,
    best_edge: Vec<usize>,
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    unused_blossoms: Vec<usize>,
    dual: Vec<W>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
}

impl<'g, W: Weight> Solver<'g, W> {
    fn new(graph: &'g Graph<W>) -> Self {
        let n = graph.n;
        let mut endpoint = Vec::with_capacity(2 * graph.edges.len());
        let mut neighbours = vec![Vec::new(); n];
        let mut max_weight = W::zero();
        for (k, &(a, b, weight)) in graph.edges.iter().enumerate() {
            endpoint.push(a);
            endpoint.push(b);
            neighbours[a].push(2 * k + 1);
            neighbours[b].push(2 * k);
            if weight > max_weight {
                max_weight = weight;
            }
        }
        let mut dual = vec![max_weight; n];
        dual.extend(std::iter::repeat_n(W::zero(), n));
        Solver {
            graph,
            n,
            endpoint,
            neighbours,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            blossom_parent: vec![NONE; 2 * n],
            blossom_children: vec![Vec::new(); 2 * n],
            blossom_base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossom_endpoints: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused_blossoms: (n..2 * n).collect(),
            dual,
            allowed: vec![false; graph.edges.len()],
            queue: Vec::new(),
        }
    }

    #[inline]
    fn slack(&self, k: usize) -> W {
        let (a, b, weight) = self.graph.edges[k];
        self.dual[a] + self.dual[b] - (weight + weight)
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &child in &self.blossom_children[b] {
                self.leaves(child, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else {
            let base = self.blossom_base[b];
            let mate = self.mate[base];
            self.assign_label(self.endpoint[mate], 1, mate ^ 1);
        }
    }

    /// Traces back from v and w: the base of a new blossom, or NONE for an augmenting path.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossom_base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.graph.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused_blossoms.pop().expect("at most n blossoms");
        self.blossom_base[b] = base;
        self.blossom_parent[b] = NONE;
        self.blossom_parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossom_parent[bv] = b;
            path.push(bv);
            endps.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossom_parent[bw] = b;
            path.push(bw);
            endps.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::zero();
        for leaf in self.leaves_of_children(&path) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbours[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j, _) = self.graph.edges[k];
                    if self.in_blossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.in_blossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (best_to[bj] == NONE || self.slack(k) < self.slack(best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        let mut best_edge = NONE;
        for &k in &best {
            if best_edge == NONE || self.slack(k) < self.slack(best_edge) {
                best_edge = k;
            }
        }
        self.best_edge[b] = best_edge;
        self.blossom_best_edges[b] = Some(best);
        self.blossom_children[b] = path;
        self.blossom_endpoints[b] = endps;
    }

    fn leaves_of_children(&self, children: &[usize]) -> Vec<usize> {
        let mut out = Vec::new();
        for &child in children {
            self.leaves(child, &mut out);
        }
        out
    }

    fn expand_blossom(&mut self, b: usize, end_stage: bool) {
        let children = self.blossom_children[b].clone();
        for &s in &children {
            self.blossom_parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_stage && self.dual[s].is_zero() {
                self.expand_blossom(s, end_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_stage && self.label[b] == 2 {
            let len = children.len() as isize;
            let at = |j: isize| children[j.rem_euclid(len) as usize];
            let endps = self.blossom_endpoints[b].clone();
            let endp_at = |j: isize| endps[j.rem_euclid(len) as usize];
            let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let mut j = children
                .iter()
                .position(|&c| c == entry_child)
                .expect("entry child") as isize;
            let (jstep, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.label_end[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let r = self.endpoint[endp_at(j - trick as isize) ^ trick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allowed[endp_at(j - trick as isize) / 2] = true;
                j += jstep;
                p = endp_at(j - trick as isize) ^ trick;
                self.allowed[p / 2] = true;
                j += jstep;
            }
            let bv = at(j);
            let q = self.endpoint[p ^ 1];
            self.label[q] = 2;
            self.label[bv] = 2;
            self.label_end[q] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += jstep;
            while at(j) != entry_child {
                let bv = at(j);
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let reached = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != 0);
                if let Some(v) = reached {
                    self.label[v] = 0;
                    let base_mate = self.mate[self.blossom_base[bv]];
                    self.label[self.endpoint[base_mate]] = 0;
                    let end = self.label_end[v];
                    self.assign_label(v, 2, end);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.blossom_children[b] = Vec::new();
        self.blossom_endpoints[b] = Vec::new();
        self.blossom_base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused_blossoms.push(b);
    }

    /// Swaps matched and unmatched edges inside `b` so that `v` becomes its base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossom_parent[t] != b {
            t = self.blossom_parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let children = self.blossom_children[b].clone();
        let endps = self.blossom_endpoints[b].clone();
        let len = children.len() as isize;
        let at = |j: isize| children[j.rem_euclid(len) as usize];
        let endp_at = |j: isize| endps[j.rem_euclid(len) as usize];
        let i = children.iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, trick): (isize, usize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = at(j);
            let p = endp_at(j - trick as isize) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = at(j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        let i = i as usize;
        let mut rotated = children[i..].to_vec();
        rotated.extend_from_slice(&children[..i]);
        let mut rotated_endps = endps[i..].to_vec();
        rotated_endps.extend_from_slice(&endps[..i]);
        self.blossom_base[b] = self.blossom_base[rotated[0]];
        self.blossom_children[b] = rotated;
        self.blossom_endpoints[b] = rotated_endps;
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.graph.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn run(mut self) -> Vec<Option<usize>> {
        let n = self.n;
        for _stage in 0..n {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.best_edge.iter_mut().for_each(|e| *e = NONE);
            for list in &mut self.blossom_best_edges[n..] {
                *list = None;
            }
            self.allowed.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    for index in 0..self.neighbours[v].len() {
                        let p = self.neighbours[v][index];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        let mut kslack = W::zero();
                        if !self.allowed[k] {
                            kslack = self.slack(k);
                            if kslack.is_zero() {
                                self.allowed[k] = true;
                            }
                        }
                        if self.allowed[k] {
                            if self.label[self.in_blossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.in_blossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[self.in_blossom[w]] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE || kslack < self.slack(self.best_edge[b]) {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE || kslack < self.slack(self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                    if augmented {
                        break;
                    }
                }
                if augmented {
                    break;
                }
                // Dual adjustment.
                let mut delta_type = 1;
                let mut delta = self.dual[..n].iter().copied().min().unwrap_or(W::zero());
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                        let d = self.slack(self.best_edge[v]);
                        if d < delta {
                            delta = d;
                            delta_type = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossom_parent[b] == NONE
                        && self.label[b] == 1
                        && self.best_edge[b] != NONE
                    {
                        let d = self.slack(self.best_edge[b]).half();
                        if d < delta {
                            delta = d;
                            delta_type = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.blossom_base[b] != NONE
                        && self.blossom_parent[b] == NONE
                        && self.label[b] == 2
                        && self.dual[b] < delta
                    {
                        delta = self.dual[b];
                        delta_type = 4;
                        delta_blossom = b;
                    }
                }
                for v in 0..n {
                    match self.label[self.in_blossom[v]] {
                        1 => self.dual[v] = self.dual[v] - delta,
                        2 => self.dual[v] = self.dual[v] + delta,
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.blossom_base[b] != NONE && self.blossom_parent[b] == NONE {
                        match self.label[b] {
                            1 => self.dual[b] = self.dual[b] + delta,
                            2 => self.dual[b] = self.dual[b] - delta,
                            _ => {}
                        }
                    }
                }
                match delta_type {
                    1 => break,
                    2 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, j, _) = self.graph.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[delta_edge] = true;
                        let (i, _, _) = self.graph.edges[delta_edge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.blossom_parent[b] == NONE
                    && self.blossom_base[b] != NONE
                    && self.label[b] == 1
                    && self.dual[b].is_zero()
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        self.mate
            .iter()
            .map(|&p| (p != NONE).then(|| self.endpoint[p]))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brute_force(n: usize, weights: &[Vec<u64>]) -> u64 {
        fn go(used: u32, n: usize, weights: &[Vec<u64>]) -> u64 {
            let Some(first) = (0..n).find(|&v| used & (1 << v) == 0) else {
                return 0;
            };
            let used = used | (1 << first);
            let mut best = go(used, n, weights);
            for other in 0..n {
                if used & (1 << other) == 0 && weights[first][other] > 0 {
                    best = best.max(weights[first][other] + go(used | (1 << other), n, weights));
                }
            }
            best
        }
        go(0, n, weights)
    }

    // The weights are a symmetric matrix: both halves are written by index.
    #[allow(clippy::needless_range_loop)]
    #[test]
    fn random_graphs_match_brute_force() {
        let mut seed = 12345u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..3000 {
            let n = (round % 11) + 1;
            let mut weights = vec![vec![0u64; n]; n];
            let mut graph = Graph::<u128>::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 3 != 0 {
                        let w = next() % 20 + 1;
                        weights[a][b] = w;
                        weights[b][a] = w;
                        graph.add_edge(a, b, u128::from(w));
                    }
                }
            }
            let mate = graph.solve();
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(m) = *m {
                    assert_eq!(mate[m], Some(v));
                    assert!(weights[v][m] > 0);
                    if v < m {
                        total += weights[v][m];
                    }
                }
            }
            assert_eq!(total, brute_force(n, &weights), "graph {round}");
        }
    }
}
