#!/usr/bin/env python3
"""Xiangqi: boardpost's level-5 engine against Fairy-Stockfish at fixed depths.

Not part of CI. Needs the `tournament` example built in release, `pyffish` (PyPI: the
rules, to adjudicate) and a Fairy-Stockfish binary (Debian's `fairy-stockfish` package:
pyffish holds the rules only, not the search):

    cargo build --release --example tournament
    pip install pyffish && apt-get install fairy-stockfish
    python3 examples/ffish_match.py --games 4 --depths 1 2 3 4

Each game starts with two random plies (seeded) so that the deterministic players do
not repeat one game; colours alternate. A game ends on no legal move (the side to move
loses), on an optional or immediate end that pyffish reports (repetition, 60 moves), or
at the ply cap (a draw). Prints the bot's score at each depth.
"""

import argparse
import random
import subprocess

import pyffish

VARIANT = "xiangqi"


def to_fsf(move):
    """ICCS `h2-e2` (ranks 0-9) to Fairy-Stockfish `h3e3` (ranks 1-10)."""
    a, b = move.split("-")
    return f"{a[0]}{int(a[1:]) + 1}{b[0]}{int(b[1:]) + 1}"


def to_iccs(move):
    """Fairy-Stockfish `h3e3` to ICCS `h2-e2`."""
    import re

    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    if not m:
        raise ValueError(move)
    return f"{m[1]}{int(m[2]) - 1}-{m[3]}{int(m[4]) - 1}"


class Process:
    def __init__(self, argv):
        self.p = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the process ended")
            if line.startswith(prefix):
                return line.strip()

    def close(self):
        try:
            self.send("quit")
        except BrokenPipeError:
            pass
        self.p.wait(timeout=10)


def play(bot, fsf, depth, bot_red, seed, max_plies):
    """Returns the bot's score (1, 0.5, 0) and the number of plies."""
    rng = random.Random(seed)
    start = pyffish.start_fen(VARIANT)
    moves = []
    fsf.send("ucinewgame")
    for ply in range(max_plies):
        legal = pyffish.legal_moves(VARIANT, start, moves)
        red_to_move = ply % 2 == 0
        if not legal:
            # No legal move: the side to move loses (checkmate or stalemate).
            return (0.0 if red_to_move == bot_red else 1.0), ply
        end, result = pyffish.is_optional_game_end(VARIANT, start, moves)
        if not end:
            end, result = pyffish.is_immediate_game_end(VARIANT, start, moves)
        if end:
            if result == 0:
                return 0.5, ply
            mover_wins = result > 0
            return (1.0 if mover_wins == (red_to_move == bot_red) else 0.0), ply
        if ply < 2:
            move = rng.choice(legal)
        elif red_to_move == bot_red:
            bot.send("position startpos moves " + " ".join(to_iccs(m) for m in moves))
            bot.send("go 5")
            move = to_fsf(bot.until("bestmove").split()[1])
        else:
            fsf.send("position startpos moves " + " ".join(moves))
            fsf.send(f"go depth {depth}")
            move = fsf.until("bestmove").split()[1]
        if move not in legal:
            raise RuntimeError(f"illegal move {move} at ply {ply}")
        moves.append(move)
    return 0.5, max_plies


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--depths", type=int, nargs="+", default=[1, 2, 3, 4])
    parser.add_argument("--bot", default="target/release/examples/tournament")
    parser.add_argument("--engine", default="/usr/games/fairy-stockfish")
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    bot = Process([args.bot, "--uci", "--seed", str(args.seed)])
    fsf = Process([args.engine])
    fsf.send("uci")
    fsf.until("uciok")
    fsf.send(f"setoption name UCI_Variant value {VARIANT}")
    fsf.send("setoption name Threads value 1")
    print("| Fairy-Stockfish depth | games | bot wins | draws | bot losses | bot score |")
    print("|---|---|---|---|---|---|")
    for depth in args.depths:
        results = []
        for g in range(args.games):
            score, plies = play(bot, fsf, depth, g % 2 == 0, args.seed * 100 + g, args.max_plies)
            results.append(score)
            print(f"# depth {depth} game {g}: bot {'red' if g % 2 == 0 else 'black'}, "
                  f"{plies} plies, bot scores {score}", flush=True)
        wins = results.count(1.0)
        draws = results.count(0.5)
        losses = results.count(0.0)
        print(f"| {depth} | {len(results)} | {wins} | {draws} | {losses} | "
              f"{100 * sum(results) / len(results):.0f} % |", flush=True)
    bot.close()
    fsf.close()


if __name__ == "__main__":
    main()
