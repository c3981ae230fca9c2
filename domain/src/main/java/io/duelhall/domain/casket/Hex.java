package io.duelhall.domain.casket;

import java.util.ArrayList;
import java.util.List;

/**
 * A hex of the arena in axial coordinates (q, r), flat-topped (C-D-HEX-1). Facings 0..5 are the six
 * neighbour directions clockwise from north: 0 N (0,-1), 1 NE (+1,-1), 2 SE (+1,0), 3 S (0,+1), 4
 * SW (-1,+1), 5 NW (-1,0).
 */
public record Hex(int q, int r) {
    private static final int[][] DIRECTIONS = {{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}};

    /** The third cube coordinate. */
    public int s() {
        return -q - r;
    }

    /** Parses "q,r". */
    public static Hex parse(String text) {
        String[] p = text.strip().split(",");
        if (p.length != 2) {
            throw new IllegalArgumentException("a hex is written q,r: " + text);
        }
        return new Hex(Integer.parseInt(p[0].strip()), Integer.parseInt(p[1].strip()));
    }

    @Override
    public String toString() {
        return q + "," + r;
    }

    public int distance(Hex o) {
        return (Math.abs(q - o.q) + Math.abs(r - o.r) + Math.abs(s() - o.s())) / 2;
    }

    /** The neighbour in {@code facing} (0..5). */
    public Hex neighbour(int facing) {
        int[] d = DIRECTIONS[Math.floorMod(facing, 6)];
        return new Hex(q + d[0], r + d[1]);
    }

    public List<Hex> neighbours() {
        List<Hex> out = new ArrayList<>(6);
        for (int f = 0; f < 6; f++) {
            out.add(neighbour(f));
        }
        return out;
    }

    public boolean adjacent(Hex o) {
        return distance(o) == 1;
    }

    /**
     * The hexes a straight line from here to {@code to} passes, both ends included (cube lerp,
     * nudged by a small epsilon so a line along a hex edge is read one way, always the same).
     */
    public List<Hex> line(Hex to) {
        int n = distance(to);
        List<Hex> out = new ArrayList<>(n + 1);
        double aq = q + 1e-6, ar = r + 2e-6, as = s() - 3e-6;
        double bq = to.q + 1e-6, br = to.r + 2e-6, bs = to.s() - 3e-6;
        for (int i = 0; i <= n; i++) {
            double t = n == 0 ? 0 : (double) i / n;
            out.add(round(aq + (bq - aq) * t, ar + (br - ar) * t, as + (bs - as) * t));
        }
        return out;
    }

    private static Hex round(double fq, double fr, double fs) {
        long rq = Math.round(fq);
        long rr = Math.round(fr);
        long rs = Math.round(fs);
        double dq = Math.abs(rq - fq);
        double dr = Math.abs(rr - fr);
        double ds = Math.abs(rs - fs);
        if (dq > dr && dq > ds) {
            rq = -rr - rs;
        } else if (dr > ds) {
            rr = -rq - rs;
        }
        return new Hex((int) rq, (int) rr);
    }

    /** Screen position of the centre, flat-topped, y down: x = 3/2 q, y = √3 (r + q/2). */
    double x() {
        return 1.5 * q;
    }

    double y() {
        return Math.sqrt(3) * (r + q / 2.0);
    }

    /** The facing (0..5) that points most nearly from here towards {@code to}; 0 for itself. */
    public int facingTowards(Hex to) {
        if (to.equals(this)) {
            return 0;
        }
        double best = Double.MAX_VALUE;
        int facing = 0;
        for (int f = 0; f < 6; f++) {
            double d = angleBetween(f, to);
            if (d < best - 1e-9) {
                best = d;
                facing = f;
            }
        }
        return facing;
    }

    /** The angle in degrees (0..180) between facing {@code facing} and the line to {@code to}. */
    double angleBetween(int facing, Hex to) {
        Hex f = neighbour(facing);
        double fx = f.x() - x(), fy = f.y() - y();
        double tx = to.x() - x(), ty = to.y() - y();
        double cos = (fx * tx + fy * ty) / (Math.hypot(fx, fy) * Math.hypot(tx, ty));
        return Math.toDegrees(Math.acos(Math.max(-1, Math.min(1, cos))));
    }

    /** Where an attacker stands as seen from a casket. */
    public enum Arc {
        FRONT,
        SIDE,
        REAR
    }

    /**
     * C-D-ARC-1: the arc of a casket here facing {@code facing} that {@code attacker} stands in:
     * FRONT within 60° of the facing (the three hexsides ahead), REAR within 30° of straight behind
     * (the hexside behind), SIDE otherwise.
     */
    public Arc arcOf(int facing, Hex attacker) {
        if (attacker.equals(this)) {
            return Arc.FRONT;
        }
        double a = angleBetween(facing, attacker);
        if (a <= 60 + 1e-6) {
            return Arc.FRONT;
        }
        return a >= 150 - 1e-6 ? Arc.REAR : Arc.SIDE;
    }
}
