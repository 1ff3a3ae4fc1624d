#!/usr/bin/env python3
"""Where one engine of a match loses its games, read from both engines'
per-move scores: score trajectories, the phase in which each loss was
decided, over-optimism by kind of position against the opponent's scaled
score, the kind of position where the engines start to disagree, and
score calibration.

    python3 tools/pgn_diagnose.py GAMES.pgn[.gz] [MORE ...] [--engine NAME]
        [--markdown | --json]

Reads match.py's per-move comments (`{+0.12/10 0.148s}`: the mover's score
in pawns, from its own side; mates `+M5` / `-M3` count as +-10 pawns) and
replays the moves from each game's FEN tag. "Move N" is the PGN's move
number (match.py's records start the opening's FEN at move 1).

Each of the studied engine's (E's) scored moves is paired with the
opponent's (O's) reply: E's score of its move and O's score of its search
root are both scores of the position E's move chose, and that position is
the one classified (`--pair previous` pairs it with O's move before, and
the position E moved from, instead). O's score is turned to E's side and
scaled to E's scale by the ratio of the two engines' standard deviations
over the pairs at E's moves 14-40, both scores clipped to +-4 pawns.
docs/diagnosis.md says what each table means and how it is defined.
"""

import argparse
import collections
import json
import re
import statistics
import sys

import chess

from match_pgn import RESULTS, read_games
import pgn_eval_calibration

SCORE = re.compile(r"^\s*([+-]?\d+\.\d+|[+-]?M\d+)(?:/\d+)?\s")
MATE_PAWNS = 10.0
VALUES = {chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
DEFAULTS = {
    "trajectory_moves": (5, 10, 15, 20, 25, 30),
    "decided": 1.5,          # O's score from which a loss is decided, for good
    "opening_moves": 12,     # decided before this move: the opening
    "endgame_material": 26,  # both sides' knights to queens at 3/3/5/9, at most
    "window": (14, 40),      # moves whose pairs the optimism tables count
    "clip": 4.0,             # pawns: both scores clipped to +-CLIP before differences
    "pairing": "next",       # O's move paired with each of E's (PAIRINGS)
    "disagree": 0.5,         # pawns of E's score minus O's scaled
    "stay": 3,               # E's moves in a row the disagreement must last
    "offset": "mean",        # disagreement from the window's mean difference, or "zero"
    "quiet_window": (14, 28),
    "shelter": 1,            # shelter pawns at most: exposed
    "ring_attacks": 3,       # attacked king-ring squares at least: exposed
    "calibration_plies": (16, 40),
}


def pawns(text):
    """A comment's score in pawns, mates at +-MATE_PAWNS."""
    if "M" in text:
        return -MATE_PAWNS if text.startswith("-") else MATE_PAWNS
    return float(text)


def comment_score(comment):
    """The score of a match.py move comment in pawns, or None."""
    found = SCORE.match((comment or "") + " ")
    return pawns(found.group(1)) if found else None


def default_engine(names):
    """The name that contains "matewise" (any case), else None."""
    found = [n for n in names if "matewise" in n.lower()]
    return found[0] if len(found) == 1 else None


# --- what a position is -------------------------------------------------

def shelter_pawns(board, colour):
    """COLOUR's pawns on the three files around its king, on the two ranks
    in front of it (ranks 2 and 3 for a king on its first rank)."""
    king = board.king(colour)
    file, rank = chess.square_file(king), chess.square_rank(king)
    step = 1 if colour == chess.WHITE else -1
    count = 0
    for f in range(max(0, file - 1), min(7, file + 1) + 1):
        for r in (rank + step, rank + 2 * step):
            if 0 <= r <= 7:
                piece = board.piece_at(chess.square(f, r))
                if piece and piece.piece_type == chess.PAWN and piece.color == colour:
                    count += 1
    return count


def ring_attacks(board, colour):
    """Squares of COLOUR's king ring (the king's square and those next to it)
    that at least one enemy piece or pawn attacks."""
    king = board.king(colour)
    ring = chess.SquareSet(chess.BB_KING_ATTACKS[king]) | chess.SquareSet.from_square(king)
    return sum(1 for sq in ring if board.is_attacked_by(not colour, sq))


def king_exposed(board, colour, shelter=DEFAULTS["shelter"], attacks=DEFAULTS["ring_attacks"]):
    """At most SHELTER shelter pawns, or at least ATTACKS attacked ring squares."""
    return shelter_pawns(board, colour) <= shelter or ring_attacks(board, colour) >= attacks


def advanced_passer(board, colour):
    """Whether COLOUR has a passed pawn on its sixth or seventh rank."""
    enemy = board.pieces(chess.PAWN, not colour)
    for sq in board.pieces(chess.PAWN, colour):
        file, rank = chess.square_file(sq), chess.square_rank(sq)
        relative = rank if colour == chess.WHITE else 7 - rank
        if relative < 5:
            continue
        ahead = range(rank + 1, 8) if colour == chess.WHITE else range(0, rank)
        if not any(chess.square(f, r) in enemy
                   for f in range(max(0, file - 1), min(7, file + 1) + 1) for r in ahead):
            return True
    return False


def piece_material(board, colour):
    """COLOUR's knights to queens at 3/3/5/9."""
    return sum(v * len(board.pieces(p, colour)) for p, v in VALUES.items())


def material(board, colour):
    return piece_material(board, colour) + len(board.pieces(chess.PAWN, colour))


def phase(board, move_number, opening_moves, endgame_material):
    """opening (before OPENING_MOVES), endgame (both sides' piece material
    at most ENDGAME_MATERIAL), else middlegame with or without queens."""
    if move_number < opening_moves:
        return "opening"
    if piece_material(board, chess.WHITE) + piece_material(board, chess.BLACK) <= endgame_material:
        return "endgame"
    if board.pieces(chess.QUEEN, chess.WHITE) or board.pieces(chess.QUEEN, chess.BLACK):
        return "middlegame, queens on"
    return "middlegame, queens off"


CATEGORIES = (
    "all positions",
    "own king exposed",
    "own king: <= 1 shelter pawn",
    "own king: >= 3 ring squares attacked",
    "enemy king exposed",
    "queens on (both)",
    "queens off (both)",
    "own passer on rank 6-7",
    "enemy passer on rank 6-7",
    "bishop pair, one side only",
    "rook against minor pieces",
    "queen against other pieces",
    "piece material unequal",
    "material unequal (pawns too)",
)


def categories(board, colour, options):
    """The CATEGORIES names that hold for the position, from COLOUR's side."""
    shelter = shelter_pawns(board, colour) <= options.shelter
    attacked = ring_attacks(board, colour) >= options.ring_attacks
    own_q = len(board.pieces(chess.QUEEN, colour))
    their_q = len(board.pieces(chess.QUEEN, not colour))
    rooks = len(board.pieces(chess.ROOK, colour)) - len(board.pieces(chess.ROOK, not colour))
    minors = (len(board.pieces(chess.KNIGHT, colour)) + len(board.pieces(chess.BISHOP, colour))
              - len(board.pieces(chess.KNIGHT, not colour))
              - len(board.pieces(chess.BISHOP, not colour)))
    pairs = [len(board.pieces(chess.BISHOP, c)) >= 2 for c in (colour, not colour)]
    held = {
        "all positions": True,
        "own king exposed": shelter or attacked,
        "own king: <= 1 shelter pawn": shelter,
        "own king: >= 3 ring squares attacked": attacked,
        "enemy king exposed": king_exposed(board, not colour, options.shelter,
                                           options.ring_attacks),
        "queens on (both)": own_q > 0 and their_q > 0,
        "queens off (both)": own_q == 0 and their_q == 0,
        "own passer on rank 6-7": advanced_passer(board, colour),
        "enemy passer on rank 6-7": advanced_passer(board, not colour),
        "bishop pair, one side only": pairs[0] != pairs[1],
        "rook against minor pieces": rooks * minors < 0,
        "queen against other pieces": own_q != their_q,
        "piece material unequal":
            piece_material(board, colour) != piece_material(board, not colour),
        "material unequal (pawns too)": material(board, colour) != material(board, not colour),
    }
    return [name for name in CATEGORIES if held[name]]


# --- reading games --------------------------------------------------------

class Game:
    """One finished game from E's side: `points` (1, 0.5, 0), `outcome`
    ('won', 'drawn', 'lost'), each engine's score by move number, O's
    scored moves in order, and `pairs`: one per move of E's with a score, a
    dict with move (E's move number), ply (E's), own (E's score), other (O's
    score of the paired move, from O's side, or None), other_ply, and board,
    the position both scores refer to (see PAIRINGS)."""

    def __init__(self, game, engine, pairing="next"):
        headers = game.headers
        result = RESULTS[headers["Result"]]
        self.colour = chess.WHITE if headers["White"] == engine else chess.BLACK
        self.opponent = headers["Black" if self.colour == chess.WHITE else "White"]
        self.points = result if self.colour == chess.WHITE else 1.0 - result
        self.outcome = {1.0: "won", 0.5: "drawn", 0.0: "lost"}[self.points]
        self.round = headers.get("Round", "?")
        self.own_by_move = {}    # move number -> E's score
        self.other_by_move = {}  # move number -> O's score
        self.other_moves = []    # (ply, move number, O's score) in order
        plies = []               # (mover is E, move number, score, board before the move)
        board = game.board()
        for node in game.mainline():
            score = comment_score(node.comment)
            number = board.fullmove_number
            mine = board.turn == self.colour
            plies.append((mine, number, score, board.copy(stack=False)))
            if score is not None:
                if mine:
                    self.own_by_move[number] = score
                else:
                    self.other_by_move[number] = score
                    self.other_moves.append((len(plies) - 1, number, score))
            board.push(node.move)
        plies.append((board.turn == self.colour, board.fullmove_number, None,
                      board.copy(stack=False)))
        step = PAIRINGS[pairing]
        self.pairs = []
        for ply, (mine, number, score, before) in enumerate(plies):
            if not mine or score is None:
                continue
            other_ply = ply + step
            other = plies[other_ply][2] if 0 <= other_ply < len(plies) - 1 else None
            board = plies[ply + 1][3] if step > 0 else before
            self.pairs.append({"move": number, "ply": ply, "own": score, "other": other,
                               "other_ply": other_ply, "board": board})


# E's score of its move at ply p is paired with O's score at p + step.
# next: O's reply; both are scores of the position after E's move, the one
#   E chose (E's of its move's line, O's of its search root).
# previous: O's move before; both are scores of the position E moves from.
PAIRINGS = {"next": 1, "previous": -1}


def load(paths, engine, pairing="next", raw=None):
    """(engine name, [Game]) for the finished games that ENGINE played, of
    the files or of RAW, a list of python-chess games already read."""
    games = []
    names = collections.Counter()
    raw = [game for game in (read_games(paths) if raw is None else raw)
           if game.headers.get("Result") in RESULTS]
    for game in raw:
        names.update([game.headers["White"], game.headers["Black"]])
    if engine is None:
        engine = default_engine(names)
        if engine is None:
            sys.exit(f"no single engine named like matewise among {sorted(names)}: use --engine")
    for game in raw:
        if engine in (game.headers["White"], game.headers["Black"]):
            games.append(Game(game, engine, pairing))
    if not games:
        sys.exit(f"no finished games of {engine}")
    return engine, games


# --- the tables -----------------------------------------------------------

def median(values):
    return statistics.median(values) if values else None


def mean(values):
    return statistics.fmean(values) if values else None


def trajectories(games, moves):
    """Per outcome: games, and per move the medians of O's score (its side)
    and E's (its side), and how many games reached the move."""
    out = {}
    for outcome in ("lost", "drawn", "won"):
        chosen = [g for g in games if g.outcome == outcome]
        row = {"games": len(chosen), "moves": {}}
        for m in moves:
            other = [g.other_by_move[m] for g in chosen if m in g.other_by_move]
            own = [g.own_by_move[m] for g in chosen if m in g.own_by_move]
            row["moves"][m] = {"other": median(other), "own": median(own), "n": len(own)}
        out[outcome] = row
    return out


def decided_point(game, threshold):
    """The first of O's moves from which its score stays >= THRESHOLD to the
    game's end: (ply, move number), or None."""
    start = None
    for ply, number, score in game.other_moves:
        if score >= threshold:
            if start is None:
                start = (ply, number)
        else:
            start = None
    return start


def loss_phases(games, options):
    """Each loss's decided point, the phase of the position O decided it in
    and E's own score of it (the pair that holds O's decided move)."""
    counts = collections.Counter()
    own_scores = []
    decided_moves = []
    rows = []
    losses = [g for g in games if g.outcome == "lost"]
    for g in losses:
        point = decided_point(g, options.decided)
        pair = None if point is None else next(
            (p for p in g.pairs if p["other_ply"] == point[0]), None)
        if pair is None:
            counts["not decided by the scores"] += 1
            rows.append({"round": g.round, "decided": point and point[1], "phase": None,
                         "own": None})
            continue
        number = point[1]
        name = phase(pair["board"], number, options.opening_moves, options.endgame_material)
        counts[name] += 1
        own_scores.append(pair["own"])
        decided_moves.append(number)
        rows.append({"round": g.round, "decided": number, "phase": name, "own": pair["own"]})
    order = ("opening", "middlegame, queens on", "middlegame, queens off", "endgame",
             "not decided by the scores")
    return {
        "losses": len(losses),
        "phases": [(name, counts[name], counts[name] / len(losses) if losses else 0.0)
                   for name in order],
        "own_median": median(own_scores),
        "decided_move_median": median(decided_moves),
        "games": rows,
    }


def clipped(value, clip):
    return max(-clip, min(clip, value))


def difference(pair, scale, clip):
    """E's score minus O's scaled, in pawns from E's side, both clipped first."""
    return clipped(pair["own"], clip) - scale * clipped(-pair["other"], clip)


def window_pairs(games, window):
    """The pairs at E's moves WINDOW with both scores."""
    first, last = window
    return [(g, p) for g in games for p in g.pairs
            if first <= p["move"] <= last and p["other"] is not None]


def fit_scale(pairs, clip):
    """O's score (E's side) times SCALE is on E's scale: the ratio of the two
    standard deviations; the least-squares slope through the origin too.
    Both scores clipped to +-CLIP pawns; 1 where they do not vary."""
    own = [clipped(p["own"], clip) for _, p in pairs]
    other = [clipped(-p["other"], clip) for _, p in pairs]
    if len(pairs) < 2 or statistics.pstdev(other) == 0:
        return 1.0, 1.0
    sd_ratio = statistics.pstdev(own) / statistics.pstdev(other)
    slope = sum(a * b for a, b in zip(own, other)) / sum(b * b for b in other)
    return sd_ratio, slope


def optimism(games, options, scale):
    """Per category: positions, mean and median of E's score minus O's scaled
    (pawns, E's side), its mean less the all-positions mean and less the
    mean of the positions outside the category."""
    values = collections.defaultdict(list)
    outside = collections.defaultdict(list)
    for g, p in window_pairs(games, options.window):
        excess = difference(p, scale, options.clip)
        held = set(categories(p["board"], g.colour, options))
        for name in CATEGORIES:
            (values if name in held else outside)[name].append(excess)
    overall = mean(values["all positions"])
    rows = []
    for name in CATEGORIES:
        inside = mean(values[name])
        rows.append({"category": name, "n": len(values[name]), "mean": inside,
                     "median": median(values[name]),
                     "vs_all": None if inside is None else inside - overall,
                     "vs_rest": None if inside is None or not outside[name]
                     else inside - mean(outside[name])})
    return rows


def disagreement_point(game, options, scale, offset=0.0):
    """E's first pair from which |E - scaled O - OFFSET| >= DISAGREE, of one
    sign, for STAY of E's moves in a row (or to the game's end):
    (pair, difference less OFFSET), or None."""
    scored = [p for p in game.pairs if p["other"] is not None]
    diffs = [difference(p, scale, options.clip) - offset for p in scored]
    for i, d in enumerate(diffs):
        run = diffs[i:i + options.stay]
        if all(abs(x) >= options.disagree and (x > 0) == (d > 0) for x in run):
            return scored[i], d
    return None


def disagreement(games, options, scale, offset=0.0):
    """In lost games: the share of first-disagreement positions with E's king
    exposed; in drawn and won games: the share among positions at moves
    QUIET_WINDOW, and at the first-disagreement points' own moves (each
    move weighted by the number of points at it)."""
    def exposed(g, p):
        return king_exposed(p["board"], g.colour, options.shelter, options.ring_attacks)

    points = []
    for g in games:
        if g.outcome == "lost":
            found = disagreement_point(g, options, scale, offset)
            if found is not None:
                points.append((g, *found))
    hits = [exposed(g, p) for g, p, _ in points]
    first, last = options.quiet_window
    by_move = {"lost": collections.defaultdict(list), "other": collections.defaultdict(list)}
    for g in games:
        for p in g.pairs:
            by_move["lost" if g.outcome == "lost" else "other"][p["move"]].append(exposed(g, p))
    quiet = [x for m in range(first, last + 1) for x in by_move["other"].get(m, [])]
    at_moves = collections.Counter(p["move"] for _, p, _ in points)

    def matched(kind):
        weighted = [(n, mean(by_move[kind][m])) for m, n in at_moves.items()
                    if by_move[kind].get(m)]
        return (sum(n * share for n, share in weighted) / sum(n for n, _ in weighted)
                if weighted else None)

    return {
        "offset": offset,
        "losses": sum(g.outcome == "lost" for g in games),
        "points": len(points),
        "optimistic": sum(d > 0 for _, _, d in points),
        "move_median": median([p["move"] for _, p, _ in points]),
        "exposed": sum(hits),
        "exposed_share": mean(hits) if hits else None,
        "quiet": len(quiet),
        "quiet_exposed": sum(quiet),
        "quiet_share": mean(quiet) if quiet else None,
        "matched_share": matched("other"),
        "matched_lost_share": matched("lost"),
    }


def calibration(raw, plies):
    """pgn_eval_calibration's bands for every engine of the games RAW."""
    tally = pgn_eval_calibration.new_tally()
    for game in raw:
        pgn_eval_calibration.tally_game(tally, game, *plies)
    return {name: pgn_eval_calibration.rows(bands) for name, bands in tally.items()}


def diagnose(paths, engine=None, **overrides):
    """Every table, as plain data (what --json prints)."""
    options = argparse.Namespace(**{**DEFAULTS, **overrides})
    raw = list(read_games(paths))
    engine, games = load(paths, engine, options.pairing, raw)
    pairs = window_pairs(games, options.window)
    sd_ratio, slope = fit_scale(pairs, options.clip)
    scale = sd_ratio
    usual = mean([difference(p, scale, options.clip) for _, p in pairs]) or 0.0
    offset = usual if options.offset == "mean" else 0.0
    wdl = collections.Counter(g.outcome for g in games)
    return {
        "engine": engine,
        "opponents": sorted({g.opponent for g in games}),
        "games": len(games),
        "won": wdl["won"], "drawn": wdl["drawn"], "lost": wdl["lost"],
        "options": dict(vars(options)),
        "trajectories": trajectories(games, options.trajectory_moves),
        "loss_phases": loss_phases(games, options),
        "scale": {"used": scale, "sd_ratio": sd_ratio, "least_squares": slope,
                  "pairs": len(pairs)},
        "optimism": optimism(games, options, scale),
        "disagreement": disagreement(games, options, scale, offset),
        "calibration": calibration(raw, options.calibration_plies),
    }


# --- printing -------------------------------------------------------------

def fmt(value, digits=2, sign=True):
    if value is None:
        return "-"
    return f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"


def cp(value):
    return "-" if value is None else f"{100 * value:+.0f}"


def pct(value):
    return "-" if value is None else f"{100 * value:.0f} %"


def tables(report):
    """(title, header, rows, note) for each table."""
    o = report["options"]
    e, opp = report["engine"], "/".join(report["opponents"])
    out = []

    moves = list(o["trajectory_moves"])
    rows = []
    for outcome, row in report["trajectories"].items():
        for who, key in ((f"{opp} (its side)", "other"), (f"{e} (its side)", "own")):
            rows.append([f"{outcome} ({row['games']})", who]
                        + [fmt(row["moves"][m][key]) for m in moves])
        rows.append([f"{outcome}", "games reaching the move"]
                    + [str(row["moves"][m]["n"]) for m in moves])
    out.append((f"1. Median scores by move, in {e}'s lost / drawn / won games",
                ["games", "engine"] + [f"move {m}" for m in moves], rows,
                "Each engine's own score of its move N, in pawns, from its own side."))

    lp = report["loss_phases"]
    rows = [[name, str(n), pct(share)] for name, n, share in lp["phases"]]
    out.append((f"2. The phase of each of {e}'s {lp['losses']} losses",
                ["decided in", "losses", "share"], rows,
                f"Decided: the first of {opp}'s moves from which its score stays >= "
                f"{o['decided']:+.2f} to the game's end (median move "
                f"{fmt(lp['decided_move_median'], 0, False)}). Phase of the position paired "
                f"with that move: opening before move {o['opening_moves']}, endgame at <= "
                f"{o['endgame_material']} of both sides' piece material (N B R Q = 3 3 5 9), "
                f"else middlegame with a queen on the board or none. {e}'s own score of that "
                f"position: median {fmt(lp['own_median'])}."))

    s = report["scale"]
    rows = [[r["category"], str(r["n"]), cp(r["mean"]), cp(r["median"]), cp(r["vs_all"]),
             cp(r["vs_rest"])] for r in report["optimism"]]
    paired = ("its reply" if o["pairing"] == "next" else "its move before")
    out.append((f"3. {e}'s over-optimism by position, its moves {o['window'][0]}-{o['window'][1]}",
                ["position", "pairs", "mean cp", "median cp", "mean less all",
                 "mean less the rest"], rows,
                f"{e}'s score minus {opp}'s ({paired}, turned to {e}'s side) times "
                f"{s['used']:.3f}, the ratio of the two engines' standard deviations over the "
                f"{s['pairs']} pairs (the least-squares slope through the origin would be "
                f"{s['least_squares']:.3f}); both scores clipped to +-{o['clip']:g} pawns. "
                f"Exposed king: <= {o['shelter']} shelter pawn (own pawns on the three files "
                f"around the king, on the two ranks in front of it) or >= {o['ring_attacks']} "
                f"squares of the king ring (the king's square and its neighbours) attacked by "
                f"enemy pieces or pawns."))

    d = report["disagreement"]
    than = "more optimistic than that" if o["offset"] == "mean" else "the more optimistic"
    first, last = o["quiet_window"]
    rows = [["first disagreement, lost games", str(d["points"]), str(d["exposed"]),
             pct(d["exposed_share"])],
            [f"moves {first}-{last}, drawn and won games", str(d["quiet"]),
             str(d["quiet_exposed"]), pct(d["quiet_share"])],
            ["drawn and won games, the same moves", "-", "-", pct(d["matched_share"])],
            ["lost games, all positions at the same moves", "-", "-",
             pct(d["matched_lost_share"])]]
    out.append((f"4. {e}'s own king where the engines start to disagree",
                ["positions", "count", "king exposed", "share"], rows,
                f"First disagreement: {e}'s first move whose score minus {opp}'s scaled score "
                f"is {o['disagree']:.2f} pawns or more away from {d['offset']:+.2f} "
                f"({'the mean difference of table 3' if o['offset'] == 'mean' else 'zero'}), "
                f"the same way, for {o['stay']} of its moves in a row (or to the end); found in "
                f"{d['points']} of {d['losses']} losses "
                f"({d['optimistic']} with {e} {than}; median move "
                f"{fmt(d['move_median'], 0, False)}). The last two rows weight each move's share "
                f"by the number of first disagreements at that move (kings grow more exposed as "
                f"a game goes on), over drawn and won games and over all of the losses' "
                f"positions."))

    first, last = o["calibration_plies"]
    cal = report["calibration"]
    names = [e] + [n for n in cal if n != e]
    bands = [label for label, _, _ in cal.get(e, [])]
    rows = []
    for label in bands:
        row = [label]
        for name in names:
            got = {lab: (n, made) for lab, n, made in cal.get(name, [])}
            n, made = got.get(label, (0, None))
            row += [str(n), fmt(made, 2, False)]
        rows.append(row)
    header = ["own score"] + [h for name in names for h in (f"{name} moves", f"{name} made")]
    out.append((f"5. Calibration: points made from each engine's own score, plies {first}-{last}",
                header, rows, "pgn_eval_calibration.py's bands of half a pawn (mates +-10)."))
    return out


def print_text(report):
    print(f"{report['engine']} against {', '.join(report['opponents'])}: {report['games']} games "
          f"+{report['won']} ={report['drawn']} -{report['lost']}")
    for title, header, rows, note in tables(report):
        print(f"\n{title}")
        widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
        print("  " + "  ".join(h.rjust(w) if i else h.ljust(w)
                               for i, (h, w) in enumerate(zip(header, widths))))
        for row in rows:
            print("  " + "  ".join(c.rjust(w) if i else c.ljust(w)
                                   for i, (c, w) in enumerate(zip(row, widths))))
        print("  " + note)


def print_markdown(report):
    print(f"**{report['engine']}** against {', '.join(report['opponents'])}: {report['games']} "
          f"games +{report['won']} ={report['drawn']} -{report['lost']}")
    for title, header, rows, note in tables(report):
        print(f"\n**{title}**\n")
        print("| " + " | ".join(header) + " |")
        print("|" + "|".join("---" for _ in header) + "|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        print(f"\n{note}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="match PGN files (.pgn or .pgn.gz)")
    parser.add_argument("--engine", help="the engine to study (default: the name with 'matewise')")
    parser.add_argument("--window", type=int, nargs=2, default=DEFAULTS["window"],
                        metavar=("FIRST", "LAST"), help="moves the optimism table counts")
    parser.add_argument("--clip", type=float, default=DEFAULTS["clip"],
                        help="pawns: both scores are clipped to +-CLIP before a difference")
    parser.add_argument("--pair", choices=sorted(PAIRINGS), default=DEFAULTS["pairing"],
                        help="the opponent's move paired with each of the engine's: its reply "
                        "(next) or its move before (previous)")
    parser.add_argument("--decided", type=float, default=DEFAULTS["decided"],
                        help="opponent's score (pawns) that decides a loss when it stays")
    parser.add_argument("--disagree", type=float, default=DEFAULTS["disagree"],
                        help="pawns of difference that start a disagreement")
    parser.add_argument("--stay", type=int, default=DEFAULTS["stay"],
                        help="moves in a row a disagreement must last")
    parser.add_argument("--offset", choices=("mean", "zero"), default=DEFAULTS["offset"],
                        help="a disagreement is measured from the mean difference of the "
                        "optimism table (mean) or from zero")
    parser.add_argument("--games", action="store_true",
                        help="also list each loss's decided move and phase (text only)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--markdown", action="store_true", help="tables for docs/results.md")
    output.add_argument("--json", action="store_true", help="every number as JSON")
    args = parser.parse_args(argv)
    report = diagnose(args.pgn, args.engine, window=tuple(args.window), clip=args.clip,
                      decided=args.decided, disagree=args.disagree, stay=args.stay,
                      pairing=args.pair, offset=args.offset)
    if args.json:
        json.dump(report, sys.stdout, indent=1, default=str)
        print()
    elif args.markdown:
        print_markdown(report)
    else:
        print_text(report)
        if args.games:
            print("\nLosses: round, decided at move, phase, own score there")
            for row in report["loss_phases"]["games"]:
                print(f"  {row['round']:>4} {row['decided'] or '-':>4} {row['phase'] or '-'} "
                      f"{fmt(row['own'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
