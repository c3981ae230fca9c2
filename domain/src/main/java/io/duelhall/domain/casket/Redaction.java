package io.duelhall.domain.casket;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The single redaction of casket (C-D-VIEW-1): a seat sees its own hand and deck list; every deck
 * order and the wound decks are hidden from all; others' hands only as counts; the server seed
 * until the end.
 */
final class Redaction {
    private final Catalog catalog;

    Redaction(Catalog catalog) {
        this.catalog = catalog;
    }

    static MatchEvent event(MatchEvent e, Viewer viewer) {
        if (e instanceof SeatTokenIssued t) {
            return new SeatTokenIssued(t.seat(), null, null);
        }
        if (viewer.kind() == Viewer.Kind.EVERYONE) {
            return e;
        }
        if (e instanceof CasketMatchCreated c) {
            return new CasketMatchCreated(
                    c.matchId(),
                    c.ruleset(),
                    c.engineVersion(),
                    c.catalogVersion(),
                    c.options(),
                    c.seats(),
                    c.seedCommitment(),
                    null);
        }
        if (e instanceof PilotJoined j && !viewer.maySeeOwn(j.seat())) {
            return new PilotJoined(
                    j.seat(),
                    j.name(),
                    j.casket(),
                    j.casketType(),
                    null,
                    j.clientSeed(),
                    j.accountId());
        }
        if (e instanceof HpDeckShuffled d) {
            return new HpDeckShuffled(d.seat(), d.reason(), d.size(), null);
        }
        if (e instanceof WoundDeckShuffled w) {
            return new WoundDeckShuffled(w.seat(), w.size(), null);
        }
        if (e instanceof DiscardReshuffled d) {
            return new DiscardReshuffled(d.seat(), d.damageCard(), d.size(), null);
        }
        if (e instanceof HpCardDrawn d && !viewer.maySeeOwn(d.seat())) {
            return new HpCardDrawn(d.seat(), null, d.handCount(), d.deckCount());
        }
        if (e instanceof HandReturned h && !viewer.maySeeOwn(h.seat())) {
            return new HandReturned(h.seat(), null, h.deckCount());
        }
        return e;
    }

    CasketView view(CasketState s, Viewer viewer, long version) {
        Map<Seat, CasketView.SeatView> seats = new EnumMap<>(Seat.class);
        for (Pilot p : s.pilots().values()) {
            boolean own = viewer.maySeeOwn(p.seat());
            seats.put(
                    p.seat(),
                    new CasketView.SeatView(
                            p.name(),
                            p.casket(),
                            p.type(),
                            p.defeated(),
                            p.place(),
                            p.at() == null ? null : p.at().toString(),
                            p.facing(),
                            p.sp(),
                            p.maxSp(catalog),
                            Tables.maxSpend(p.maxSp(catalog)),
                            p.overspent(),
                            p.heat(),
                            Tables.heatZone(p.heat()),
                            p.spent(),
                            p.rotated(),
                            own ? p.hand() : null,
                            p.hand().size(),
                            p.deck().size(),
                            p.discard(),
                            p.damageCards(),
                            p.wounds().size(),
                            p.flipped(),
                            p.damage(),
                            Component.DESTROYED_AT,
                            p.mulligan(),
                            p.timeouts(),
                            p.defeated()
                                    && p.at() != null
                                    && CasketRuleset.inertWrecks(s.engineVersion())));
        }
        ArenaMap map = s.map() == null ? null : catalog.map(s.map());
        CasketView.Result result =
                s.over() ? new CasketView.Result(s.winner(), s.losers(), s.endReason()) : null;
        return new CasketView(
                s.matchId(),
                Decider.RULESET,
                s.engineVersion() == null
                        ? null
                        : new RulesVersion(s.engineVersion(), s.catalogVersion()),
                version,
                s.status().name(),
                s.turn(),
                s.round(),
                s.order(),
                s.active(),
                CasketMoves.toAct(s),
                CasketMoves.owed(s),
                s.attack(),
                CasketMoves.ACTION.equals(CasketMoves.owed(s))
                        ? Reach.of(catalog, s, s.active())
                        : List.of(),
                map == null ? null : board(map),
                seats,
                result,
                s.seedCommitment(),
                s.options() == null ? 0 : s.options().spectatorDelaySeconds(),
                null,
                List.of());
    }

    static CasketView.Board board(ArenaMap map) {
        List<CasketView.HexInfo> hexes = new ArrayList<>();
        for (int q = -map.radius(); q <= map.radius(); q++) {
            for (int r = -map.radius(); r <= map.radius(); r++) {
                Hex h = new Hex(q, r);
                if (!map.onMap(h)) {
                    continue;
                }
                String terrain =
                        map.walls().contains(h)
                                ? "WALL"
                                : map.water().contains(h)
                                        ? "WATER"
                                        : map.difficult().contains(h) ? "DIFFICULT" : "OPEN";
                hexes.add(new CasketView.HexInfo(q, r, terrain, map.elevation(h)));
            }
        }
        return new CasketView.Board(map.id(), map.name(), map.radius(), hexes);
    }
}
