//! Maximum-weight matching that follows changes: after the weights of the edges at a few
//! vertices change, or a matched pair leaves the graph, the optimum is found again from
//! the previous one in O(k·n²) for k changed vertices instead of O(n³) from scratch (the
//! pairing procedure makes hundreds of such small changes a round).
//!
//! The primal-dual blossom algorithm of `matching.rs` on a dense graph, with three
//! additions that let it start from any optimal state:
//! - the blossoms around a changed vertex are dissolved, their duals moved onto their
//!   vertices (which keeps every inner slack), and the vertex is unmatched; its dual is
//!   raised just enough for its new edges. A matched edge that loses tightness that way is
//!   unmatched too;
//! - a stage grows trees only from exposed vertices whose dual is still positive (kept
//!   even, so that slacks between two trees stay even), and an exposed vertex with a zero
//!   dual found on the way ends an augmenting path;
//! - when the dual of a non-root S-vertex reaches zero first, the path from its root is
//!   flipped so that it is the exposed one.

use super::wide::Weight;

const NONE: usize = usize::MAX;

#[derive(Clone)]
pub struct Dynamic<W> {
    n: usize,
    weight: Vec<W>,
    gone: Vec<bool>,
    dirty: Vec<usize>,
    is_dirty: Vec<bool>,
    /// The directed edge to a vertex's mate (`from * n + to`), or NONE.
    mate: Vec<usize>,
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

impl<W: Weight> Dynamic<W> {
    pub fn new(n: usize) -> Self {
        Dynamic {
            n,
            weight: vec![W::zero(); n * n],
            gone: vec![false; n],
            dirty: Vec::new(),
            is_dirty: vec![false; n],
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
            unused_blossoms: (n..2 * n).rev().collect(),
            dual: vec![W::zero(); 2 * n],
            allowed: vec![false; n * n],
            queue: Vec::new(),
        }
    }

    pub fn weight(&self, a: usize, b: usize) -> W {
        self.weight[a * self.n + b]
    }

    pub fn set(&mut self, a: usize, b: usize, weight: W) {
        let n = self.n;
        if self.weight[a * n + b] == weight {
            return;
        }
        self.weight[a * n + b] = weight;
        self.weight[b * n + a] = weight;
        for v in [a, b] {
            if !self.is_dirty[v] {
                self.is_dirty[v] = true;
                self.dirty.push(v);
            }
        }
    }

    /// Takes the matched pair (a, b) out of the graph for good.
    pub fn remove_pair(&mut self, a: usize, b: usize) {
        self.make_trivial(a);
        self.make_trivial(b);
        for v in [a, b] {
            if self.mate[v] != NONE {
                let m = self.target(self.mate[v]);
                self.mate[m] = NONE;
                self.mate[v] = NONE;
            }
            self.gone[v] = true;
        }
    }

    /// Takes `v` out of the graph for now; its mate, if any, is left exposed.
    pub fn remove_vertex(&mut self, v: usize) {
        if self.gone[v] {
            return;
        }
        self.make_trivial(v);
        if self.mate[v] != NONE {
            let m = self.target(self.mate[v]);
            self.mate[m] = NONE;
            self.mate[v] = NONE;
        }
        self.gone[v] = true;
    }

    /// Brings back a vertex taken out with `remove_vertex`.
    pub fn restore_vertex(&mut self, v: usize) {
        if !self.gone[v] {
            return;
        }
        self.gone[v] = false;
        self.mate[v] = NONE;
        self.dual[v] = W::zero();
        if !self.is_dirty[v] {
            self.is_dirty[v] = true;
            self.dirty.push(v);
        }
    }

    pub fn is_gone(&self, v: usize) -> bool {
        self.gone[v]
    }

    /// Each vertex's mate (itself when exposed or removed).
    pub fn mates(&self) -> Vec<usize> {
        (0..self.n)
            .map(|v| {
                if self.mate[v] == NONE {
                    v
                } else {
                    self.target(self.mate[v])
                }
            })
            .collect()
    }

    #[inline]
    fn target(&self, p: usize) -> usize {
        p % self.n
    }

    #[inline]
    fn source(&self, p: usize) -> usize {
        p / self.n
    }

    #[inline]
    fn rev(&self, p: usize) -> usize {
        self.target(p) * self.n + self.source(p)
    }

    #[inline]
    fn edge(&self, p: usize) -> usize {
        let (a, b) = (self.source(p), self.target(p));
        a.min(b) * self.n + a.max(b)
    }

    #[inline]
    fn slack(&self, k: usize) -> W {
        let (a, b) = (k / self.n, k % self.n);
        let weight = self.weight[k];
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

    /// Dissolves every blossom around `v`, moving each blossom's dual onto its vertices.
    fn make_trivial(&mut self, v: usize) {
        while self.in_blossom[v] != v {
            let b = self.in_blossom[v];
            // A blossom's dual counts twice in the slack of each edge inside it (as in the
            // static solver, where blossom duals move by δ and vertex duals by δ too).
            let dual = self.dual[b];
            let leaves = self.leaves_of(b);
            for &leaf in &leaves {
                self.dual[leaf] = self.dual[leaf] + dual;
            }
            let base = self.blossom_base[b];
            if !dual.is_zero() && self.mate[base] != NONE {
                // The base's matched edge leaves the blossom and is no longer tight.
                let m = self.target(self.mate[base]);
                self.mate[m] = NONE;
                self.mate[base] = NONE;
            }
            let children = std::mem::take(&mut self.blossom_children[b]);
            for &child in &children {
                self.blossom_parent[child] = NONE;
                if child < self.n {
                    self.in_blossom[child] = child;
                } else {
                    for leaf in self.leaves_of(child) {
                        self.in_blossom[leaf] = child;
                    }
                }
            }
            self.release_blossom(b);
        }
    }

    fn release_blossom(&mut self, b: usize) {
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.blossom_children[b] = Vec::new();
        self.blossom_endpoints[b] = Vec::new();
        self.blossom_base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.dual[b] = W::zero();
        self.unused_blossoms.push(b);
    }

    fn apply_changes(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        for &v in &dirty {
            self.is_dirty[v] = false;
            if self.gone[v] {
                continue;
            }
            self.make_trivial(v);
            if self.mate[v] != NONE {
                let m = self.target(self.mate[v]);
                self.mate[m] = NONE;
                self.mate[v] = NONE;
            }
        }
        let n = self.n;
        for &v in &dirty {
            if self.gone[v] {
                continue;
            }
            let mut need = W::zero();
            for j in 0..n {
                if j == v || self.gone[j] {
                    continue;
                }
                let weight = self.weight[v * n + j];
                if weight.is_zero() {
                    continue;
                }
                let double = weight + weight;
                if double > self.dual[j] && double - self.dual[j] > need {
                    need = double - self.dual[j];
                }
            }
            self.dual[v] = need;
        }
        // Roots must share a parity: make every exposed vertex with a positive dual trivial
        // and its dual even.
        for v in 0..n {
            if self.gone[v] || self.mate[v] != NONE || self.dual[v].is_zero() {
                continue;
            }
            if self.in_blossom[v] != v {
                // An exposed vertex is the base of its blossoms: dissolving them exposes no
                // one else.
                self.make_trivial(v);
            }
            if self.dual[v].is_odd() {
                self.dual[v] = self.dual[v] + W::one();
            }
        }
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
            let next = self.target(mate);
            let back = self.rev(mate);
            self.assign_label(next, 1, back);
        }
    }

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
                v = self.target(self.label_end[b]);
                b = self.in_blossom[v];
                v = self.target(self.label_end[b]);
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
        let n = self.n;
        let (mut v, mut w) = (k / n, k % n);
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
            v = self.target(self.label_end[bv]);
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        // The endpoint at the edge's first vertex, as `2k` in the sparse version.
        endps.push(w * n + (k / n));
        while bw != bb {
            self.blossom_parent[bw] = b;
            path.push(bw);
            endps.push(self.rev(self.label_end[bw]));
            w = self.target(self.label_end[bw]);
            bw = self.in_blossom[w];
        }
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = W::zero();
        let mut leaves = Vec::new();
        for &child in &path {
            self.leaves(child, &mut leaves);
        }
        for &leaf in &leaves {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * n];
        for &child in &path {
            let list: Vec<usize> = match self.blossom_best_edges[child].take() {
                Some(list) => list,
                None => {
                    let mut list = Vec::new();
                    for leaf in self.leaves_of(child) {
                        for j in 0..n {
                            if j != leaf && !self.gone[j] && !self.weight[leaf * n + j].is_zero() {
                                list.push(leaf.min(j) * n + leaf.max(j));
                            }
                        }
                    }
                    list
                }
            };
            for k in list {
                let (mut i, mut j) = (k / n, k % n);
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
            let entry_child = self.in_blossom[self.target(self.rev(self.label_end[b]))];
            let mut j = children
                .iter()
                .position(|&c| c == entry_child)
                .expect("entry child") as isize;
            let (jstep, trick): (isize, isize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let flip = |this: &Self, p: usize, flip: bool| if flip { this.rev(p) } else { p };
            let mut p = self.label_end[b];
            while j != 0 {
                let q = self.target(self.rev(p));
                self.label[q] = 0;
                let e = endp_at(j - trick);
                let r = self.target(flip(self, e, trick == 0));
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                let edge = self.edge(e);
                self.allowed[edge] = true;
                j += jstep;
                p = flip(self, endp_at(j - trick), trick == 1);
                let edge = self.edge(p);
                self.allowed[edge] = true;
                j += jstep;
            }
            let bv = at(j);
            let q = self.target(self.rev(p));
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
                    let m = self.target(base_mate);
                    self.label[m] = 0;
                    let end = self.label_end[v];
                    self.assign_label(v, 2, end);
                }
                j += jstep;
            }
        }
        self.release_blossom(b);
    }

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
        let (jstep, trick): (isize, isize) = if i & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += jstep;
            let t = at(j);
            let e = endp_at(j - trick);
            let p = if trick == 1 { self.rev(e) } else { e };
            if t >= self.n {
                let to = self.target(p);
                self.augment_blossom(t, to);
            }
            j += jstep;
            let t = at(j);
            if t >= self.n {
                let to = self.target(self.rev(p));
                self.augment_blossom(t, to);
            }
            let (a, c) = (self.target(p), self.target(self.rev(p)));
            self.mate[a] = self.rev(p);
            self.mate[c] = p;
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

    /// Walks from `s` (matched now through `p`, or exposed when `p` is NONE) up its tree,
    /// swapping matched and unmatched edges, to the root.
    fn flip_path(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.in_blossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.label_end[bs] == NONE {
                break;
            }
            let t = self.target(self.label_end[bs]);
            let bt = self.in_blossom[t];
            s = self.target(self.label_end[bt]);
            let j = self.target(self.rev(self.label_end[bt]));
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.label_end[bt];
            p = self.rev(self.label_end[bt]);
        }
    }

    fn augment_matching(&mut self, k: usize) {
        let n = self.n;
        let (v, w) = (k / n, k % n);
        self.flip_path(v, v * n + w);
        self.flip_path(w, w * n + v);
    }

    /// Re-optimises after the changes made since the last call.
    pub fn solve(&mut self) {
        self.apply_changes();
        let n = self.n;
        loop {
            for b in 0..2 * n {
                self.label[b] = 0;
                self.label_end[b] = NONE;
                self.best_edge[b] = NONE;
            }
            for list in &mut self.blossom_best_edges[n..] {
                *list = None;
            }
            self.allowed.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            let mut roots = false;
            for v in 0..n {
                if !self.gone[v]
                    && self.mate[v] == NONE
                    && !self.dual[v].is_zero()
                    && self.label[self.in_blossom[v]] == 0
                {
                    self.assign_label(v, 1, NONE);
                    roots = true;
                }
            }
            if !roots {
                break;
            }
            self.stage();
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
    }

    /// One stage: ends with an augmentation or a flip.
    fn stage(&mut self) {
        let n = self.n;
        loop {
            while let Some(v) = self.queue.pop() {
                for w in 0..n {
                    if w == v || self.gone[w] {
                        continue;
                    }
                    let k = v.min(w) * n + v.max(w);
                    if self.weight[k].is_zero() || self.in_blossom[v] == self.in_blossom[w] {
                        continue;
                    }
                    let p = v * n + w;
                    let mut kslack = W::zero();
                    if !self.allowed[k] {
                        kslack = self.slack(k);
                        if kslack.is_zero() {
                            self.allowed[k] = true;
                        }
                    }
                    let bw = self.in_blossom[w];
                    if self.allowed[k] {
                        if self.label[bw] == 0 {
                            if self.mate[self.blossom_base[bw]] == NONE {
                                // An exposed vertex with a zero dual: an augmenting path.
                                self.augment_matching(k);
                                return;
                            }
                            let back = self.rev(p);
                            self.assign_label(w, 2, back);
                        } else if self.label[bw] == 1 {
                            let base = self.scan_blossom(v, w);
                            if base != NONE {
                                self.add_blossom(base, k);
                            } else {
                                self.augment_matching(k);
                                return;
                            }
                        } else if self.label[w] == 0 {
                            self.label[w] = 2;
                            self.label_end[w] = self.rev(p);
                        }
                    } else if self.label[bw] == 1 {
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
            }
            // Dual adjustment.
            let mut delta_type = 1;
            let mut delta = W::zero();
            let mut delta_vertex = NONE;
            for v in 0..n {
                if !self.gone[v]
                    && self.label[self.in_blossom[v]] == 1
                    && (delta_vertex == NONE || self.dual[v] < delta)
                {
                    delta = self.dual[v];
                    delta_vertex = v;
                }
            }
            let mut delta_edge = NONE;
            let mut delta_blossom = NONE;
            for v in 0..n {
                if !self.gone[v] && self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE
                {
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
                    && (b >= n || !self.gone[b])
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
                if self.gone[v] {
                    continue;
                }
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
                1 => {
                    // An S-vertex's dual is zero: make it the exposed one of its tree.
                    self.flip_path(delta_vertex, NONE);
                    return;
                }
                2 => {
                    self.allowed[delta_edge] = true;
                    let (mut i, j) = (delta_edge / n, delta_edge % n);
                    if self.label[self.in_blossom[i]] == 0 {
                        i = j;
                    }
                    self.queue.push(i);
                }
                3 => {
                    self.allowed[delta_edge] = true;
                    self.queue.push(delta_edge / n);
                }
                _ => self.expand_blossom(delta_blossom, false),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dutch::matching::Graph;

    fn total(weights: &[Vec<u64>], mates: &[usize], gone: &[bool]) -> u64 {
        let mut sum = 0;
        for (v, &m) in mates.iter().enumerate() {
            if m != v && v < m && !gone[v] {
                assert_eq!(mates[m], v);
                assert!(weights[v][m] > 0, "matched on a missing edge");
                sum += weights[v][m];
            }
        }
        sum
    }

    // The weights are a symmetric matrix: both halves are written by index.
    #[allow(clippy::needless_range_loop)]
    #[test]
    fn follows_changes_like_a_fresh_solve() {
        let mut seed = 777u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for case in 0..1500 {
            let n = (case % 24) + 2;
            let mut weights = vec![vec![0u64; n]; n];
            let mut dynamic = Dynamic::<u128>::new(n);
            // Out for good (a pair fixed), or for now (`remove_vertex`).
            let mut dead = vec![false; n];
            let mut away: Vec<usize> = Vec::new();
            let randomise =
                |weights: &mut Vec<Vec<u64>>, v: usize, next: &mut dyn FnMut() -> u64| {
                    for j in 0..weights.len() {
                        if j != v {
                            let w = if next().is_multiple_of(3) {
                                0
                            } else {
                                next() % 40 + 1
                            };
                            weights[v][j] = w;
                            weights[j][v] = w;
                        }
                    }
                };
            for v in 0..n {
                randomise(&mut weights, v, &mut next);
            }
            for (a, row) in weights.iter().enumerate() {
                for (b, &weight) in row.iter().enumerate().skip(a + 1) {
                    dynamic.set(a, b, u128::from(weight));
                }
            }
            for step in 0..16 {
                dynamic.solve();
                let mates = dynamic.mates();
                let gone: Vec<bool> = (0..n).map(|v| dead[v] || away.contains(&v)).collect();
                let live: Vec<usize> = (0..n).filter(|&v| !gone[v]).collect();
                let mut graph = Graph::<u128>::new(live.len());
                for (i, &a) in live.iter().enumerate() {
                    for (j, &b) in live.iter().enumerate().skip(i + 1) {
                        graph.add_edge(i, j, u128::from(weights[a][b]));
                    }
                }
                let fresh = graph.solve();
                let mut fresh_total = 0;
                for (i, m) in fresh.iter().enumerate() {
                    if let Some(j) = *m {
                        if i < j {
                            fresh_total += weights[live[i]][live[j]];
                        }
                    }
                }
                assert_eq!(
                    total(&weights, &mates, &gone),
                    fresh_total,
                    "case {case} step {step}"
                );
                // Change a vertex's edges, take out a matched pair, or take a vertex out for
                // now or bring one back.
                match next() % 8 {
                    0 | 1 => {
                        if let Some(v) = (0..n).find(|&v| !gone[v] && mates[v] != v) {
                            let m = mates[v];
                            dynamic.remove_pair(v, m);
                            dead[v] = true;
                            dead[m] = true;
                        }
                    }
                    2 => {
                        let v = (next() % n as u64) as usize;
                        if !gone[v] {
                            dynamic.remove_vertex(v);
                            away.push(v);
                        }
                    }
                    3 => {
                        if !away.is_empty() {
                            let v = away.swap_remove((next() % away.len() as u64) as usize);
                            dynamic.restore_vertex(v);
                        }
                    }
                    _ => {
                        let v = (next() % n as u64) as usize;
                        if gone[v] {
                            continue;
                        }
                        randomise(&mut weights, v, &mut next);
                        for j in 0..n {
                            if j == v {
                                continue;
                            }
                            if dead[j] {
                                weights[v][j] = 0;
                                weights[j][v] = 0;
                            } else {
                                dynamic.set(v, j, u128::from(weights[v][j]));
                            }
                        }
                    }
                }
            }
        }
    }
}
