package io.duelhall.domain.casket;

import io.duelhall.domain.Seat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An arena (C-D-MAP-1): every hex within {@code radius} of 0,0 is on the map; walls, difficult
 * terrain, water and elevations as listed; a deployment hex and facing per seat.
 */
public record ArenaMap(
        String id,
        String name,
        int radius,
        Set<Hex> walls,
        Set<Hex> difficult,
        Set<Hex> water,
        Map<Hex, Integer> elevation,
        Map<Seat, Deployment> deployments) {

    /** Where a seat starts, and which way it faces. */
    public record Deployment(Hex hex, int facing) {}

    public ArenaMap {
        walls = Set.copyOf(walls);
        difficult = Set.copyOf(difficult);
        water = Set.copyOf(water);
        elevation = Map.copyOf(elevation);
        deployments = Map.copyOf(deployments);
    }

    public boolean onMap(Hex h) {
        return h.distance(new Hex(0, 0)) <= radius;
    }

    /** On the map and not a wall. */
    public boolean passable(Hex h) {
        return onMap(h) && !walls.contains(h);
    }

    public int elevation(Hex h) {
        return elevation.getOrDefault(h, 0);
    }

    /** SP to enter {@code h}: 1, +1 in difficult terrain (C-MAP-1). */
    public int enterCost(Hex h) {
        return difficult.contains(h) ? 2 : 1;
    }

    /**
     * C-D-LOS-1: line of sight from {@code a} to {@code b}: no wall on the hexes strictly between
     * them on the straight line ({@link Hex#line}). Caskets and elevation do not block.
     */
    public boolean lineOfSight(Hex a, Hex b) {
        List<Hex> line = a.line(b);
        for (int i = 1; i < line.size() - 1; i++) {
            if (walls.contains(line.get(i)) || !onMap(line.get(i))) {
                return false;
            }
        }
        return true;
    }
}
