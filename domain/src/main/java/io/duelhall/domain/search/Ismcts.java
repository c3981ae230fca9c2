package io.duelhall.domain.search;

import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Information-Set Monte Carlo Tree Search (single observer, Cowling, Powley and Whitehouse 2012)
 * over any ruleset: one tree for the deciding seat's information set; each iteration draws one
 * determinization of the hidden state ({@link HiddenState#sample}), descends the tree through the
 * moves legal in that determinization (UCB1 with availability counts, so a move that exists only in
 * some determinizations — an opponent's card — is judged among the iterations it could be played),
 * adds one node, plays a rollout with the game's policy for at most {@link Budget#rolloutDepth()}
 * moves, values the end for every seat and backs that up: each node counts the value for the seat
 * that made its move, so every seat maximises its own result (N seats alike). The moves weighed are
 * the ruleset's legal moves and any the game adds ({@link SearchGame#moves}). Moves are played by
 * the ruleset's own {@code decide}/{@code evolve}: the search knows no game. Pure; its only chance
 * is {@code random}.
 */
final class Ismcts {
    /** UCB1's exploration constant (values are in [0, 1]). */
    static final double EXPLORATION = 0.7;

    /**
     * Progressive bias towards the game's policy move (greedy): worth this much at its first visit,
     * fading as 1 / (1 + visits). With few iterations the search keeps the policy's choice unless
     * the iterations show better; its moves are also expanded first.
     */
    static final double BIAS = 2.0; // the default of SearchGame.policyBias

    private final Ruleset rules;
    private final SearchGame game;
    private final double bias;
    private final double exploration;

    /** Whether widening adds moves best first ({@link #nextRanked}); false: at random. */
    private final boolean ordered;

    public Ismcts(Ruleset rules, SearchGame game) {
        this.rules = rules;
        this.game = game;
        this.bias = game.policyBias();
        this.exploration = game.exploration();
        this.ordered = game.orderMoves();
    }

    /** What a search found: the move, and how much it searched. */
    public record Result(Intent move, int iterations, int rootMoves) {}

    private static final class Node {
        final Intent move;
        final Seat mover;
        final Map<Intent, Node> children = new HashMap<>();
        final List<Node> order = new ArrayList<>();
        int visits;
        int available;
        double total;

        /** Iterations that passed through this node (progressive widening counts them). */
        int through;

        /** The game's policy move here, in the determinization that first reached this node. */
        Intent policy;

        boolean policyAsked;

        /**
         * The moves of the determinization that first widened this node past its policy move, best
         * first by the game's value of the state each leads to (for the seat that makes it); the
         * order in which widening adds moves. Computed once, when first needed.
         */
        List<Intent> ranked;

        Node(Intent move, Seat mover) {
            this.move = move;
            this.mover = mover;
        }
    }

    /**
     * The move {@code seat} makes, searched within {@code budget} over states drawn from {@code
     * hidden}; null when the seat owes nothing.
     */
    public Result search(HiddenState hidden, Seat seat, Budget budget, RandomGenerator random) {
        GameState first = hidden.sample(random);
        if (first.status() != MatchStatus.LIVE || rules.toAct(first) != seat) {
            return new Result(null, 0, 0);
        }
        List<Intent> rootMoves = game.moves(first, seat, rules.legalMoves(first, seat));
        if (rootMoves.isEmpty()) {
            return new Result(null, 0, 0);
        }
        if (rootMoves.size() == 1) {
            return new Result(rootMoves.get(0), 0, 1);
        }
        long deadline = budget.millis() > 0 ? System.nanoTime() + budget.millis() * 1_000_000 : 0;
        Node root = new Node(null, null);
        int depth = budget.rolloutDepth() < 0 ? game.rolloutDepth() : budget.rolloutDepth();
        int n = 0;
        GameState sample = first;
        while (true) {
            iterate(root, sample, depth, random);
            n++;
            if (budget.iterations() > 0 && n >= budget.iterations()) {
                break;
            }
            if (deadline != 0 && System.nanoTime() >= deadline) {
                break;
            }
            sample = hidden.sample(random);
        }
        Node best = null;
        for (Node c : root.order) {
            if (best == null
                    || c.visits > best.visits
                    || (c.visits == best.visits
                            && (c.move.equals(root.policy)
                                    || (!best.move.equals(root.policy) && c.total > best.total)))) {
                best = c;
            }
        }
        return new Result(best == null ? rootMoves.get(0) : best.move, n, rootMoves.size());
    }

    private void iterate(Node root, GameState s, int rolloutDepth, RandomGenerator random) {
        List<Node> path = new ArrayList<>();
        Node node = root;
        while (s.status() == MatchStatus.LIVE) {
            Seat actor = rules.toAct(s);
            if (actor == null) {
                break;
            }
            List<Intent> legal = game.moves(s, actor, rules.legalMoves(s, actor));
            if (legal.isEmpty()) {
                break;
            }
            List<Intent> untried = new ArrayList<>();
            Set<Intent> here = new HashSet<>(legal.size() * 2);
            for (Intent m : legal) {
                here.add(m);
                if (!node.children.containsKey(m)) {
                    untried.add(m);
                }
            }
            if (!node.policyAsked) {
                node.policyAsked = true;
                node.policy = game.policy(s, actor);
            }
            node.through++;
            boolean anyHere = false;
            for (Node c : node.order) {
                if (here.contains(c.move)) {
                    anyHere = true;
                    break;
                }
            }
            // progressive widening: a node considers 1 + sqrt(iterations through it) moves, the
            // policy's first; a small budget thus weighs a few moves well rather than all once
            boolean widen =
                    !untried.isEmpty()
                            && (!anyHere
                                    || node.order.size() < 1 + (int) Math.sqrt(node.through - 1));
            Node next;
            if (widen) {
                Intent m =
                        node.policy != null && untried.contains(node.policy)
                                ? node.policy
                                : nextRanked(node, s, actor, untried, random);
                next = new Node(m, actor);
                node.children.put(m, next);
                node.order.add(next);
                for (Node c : node.order) {
                    if (here.contains(c.move)) {
                        c.available++;
                    }
                }
                GameState after = apply(s, m);
                path.add(next);
                if (after == null) {
                    break;
                }
                s = after;
                node = next;
                break;
            }
            next = null;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (Node c : node.order) {
                if (!here.contains(c.move)) {
                    continue;
                }
                c.available++;
                double score =
                        c.total / c.visits
                                + exploration * Math.sqrt(Math.log(c.available) / c.visits)
                                + (c.move.equals(node.policy) ? bias / (1 + c.visits) : 0);
                if (score > bestScore) {
                    bestScore = score;
                    next = c;
                }
            }
            GameState after = apply(s, next.move);
            path.add(next);
            if (after == null) {
                break;
            }
            s = after;
            node = next;
        }
        GameState end = rollout(s, rolloutDepth);
        Map<Seat, Double> values = new HashMap<>();
        for (Node p : path) {
            double v = values.computeIfAbsent(p.mover, seat -> game.value(end, seat));
            p.visits++;
            p.total += v;
        }
    }

    /**
     * The move widening adds next: with {@link SearchGame#orderMoves} the best ranked move not
     * tried yet that is legal here (move ordering), else — and by default — any untried one at
     * random.
     */
    private Intent nextRanked(
            Node node, GameState s, Seat actor, List<Intent> untried, RandomGenerator random) {
        if (!ordered) {
            return untried.get(random.nextInt(untried.size()));
        }
        if (node.ranked == null) {
            node.ranked = rank(s, actor, untried);
        }
        Set<Intent> open = new HashSet<>(untried);
        for (Intent m : node.ranked) {
            if (open.contains(m)) {
                return m;
            }
        }
        return untried.get(random.nextInt(untried.size()));
    }

    /**
     * {@code moves} best first by the game's value, for {@code actor}, of the state each leads to.
     */
    private List<Intent> rank(GameState s, Seat actor, List<Intent> moves) {
        List<Intent> out = new ArrayList<>(moves.size());
        Map<Intent, Double> worth = new HashMap<>(moves.size() * 2);
        for (Intent m : moves) {
            GameState after = apply(s, m);
            if (after != null) {
                worth.put(m, game.value(after, actor));
                out.add(m);
            }
        }
        out.sort((a, b) -> Double.compare(worth.get(b), worth.get(a)));
        return out;
    }

    private GameState rollout(GameState s, int depth) {
        for (int i = 0; i < depth && s.status() == MatchStatus.LIVE; i++) {
            Seat actor = rules.toAct(s);
            if (actor == null) {
                break;
            }
            Intent m = game.policy(s, actor);
            GameState after = m == null ? null : apply(s, m);
            if (after == null) {
                break;
            }
            s = after;
        }
        return s;
    }

    /**
     * The state after {@code intent}, or null when the rules refuse it. Nothing is caught: every
     * sample a ruleset's {@link HiddenState} draws must be a state its engine can play on ({@code
     * PlayableSamplesTest}), so an exception here is a defect of the ruleset's sampler or engine,
     * and it fails the choice visibly (the driver logs it as an AI defect).
     */
    GameState apply(GameState s, Intent intent) {
        Decision d = rules.decide(s, intent);
        if (!d.accepted()) {
            return null;
        }
        for (MatchEvent e : d.events()) {
            s = rules.evolve(s, e);
        }
        return s;
    }
}
