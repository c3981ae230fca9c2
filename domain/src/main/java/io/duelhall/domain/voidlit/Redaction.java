package io.duelhall.domain.voidlit;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that turns voidlit's truth into what a viewer may see. Hidden until the end: hands
 * (own seat excepted), every deck order, which card a seat drew or returned in its mulligan (own
 * seat excepted), deck lists (own seat excepted), the server seed. Public: the Waste, the Bank, the
 * Field, an overdrawn card, a searched card.
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
        if (e instanceof MatchCreated c) {
            return new MatchCreated(
                    c.matchId(),
                    c.ruleset(),
                    c.engineVersion(),
                    c.catalogVersion(),
                    c.options(),
                    c.seedCommitment(),
                    null);
        }
        if (e instanceof PlayerJoined j && !viewer.maySeeOwn(j.seat())) {
            return new PlayerJoined(
                    j.seat(), j.name(), j.parallel(), null, j.clientSeed(), j.accountId());
        }
        if (e instanceof DeckShuffled d) {
            return new DeckShuffled(d.seat(), d.size(), null);
        }
        if (e instanceof CardDrawn d && !viewer.maySeeOwn(d.seat())) {
            return new CardDrawn(d.seat(), null, d.handCount(), d.deckCount());
        }
        if (e instanceof MulliganTaken m && !viewer.maySeeOwn(m.seat())) {
            return new MulliganTaken(m.seat(), null, m.count());
        }
        if (e instanceof IntentAccepted a
                && VoidlitIntents.MULLIGAN.equals(a.intent().type())
                && !viewer.maySeeOwn(a.seat())) {
            // the intent names the cards its MulliganTaken hides (issue 45, finding 4): hidden
            // alike; how many went back is the MulliganTaken's count
            Intent i = a.intent();
            return new IntentAccepted(
                    a.intentId(),
                    a.seat(),
                    a.fingerprint(),
                    new Intent(
                            i.seat(),
                            i.type(),
                            i.card(),
                            i.ability(),
                            i.targets(),
                            List.of(),
                            i.choices()),
                    a.at());
        }
        return e;
    }

    /**
     * The state as {@code viewer} may see it; the caller passes EVERYONE once the match has ended.
     */
    VoidlitView view(VoidlitState s, Viewer viewer, long version) {
        Map<Seat, VoidlitView.SeatView> seats = new EnumMap<>(Seat.class);
        for (Map.Entry<Seat, Side> e : s.sides().entrySet()) {
            seats.put(e.getKey(), seat(s, e.getKey(), e.getValue(), viewer.maySeeOwn(e.getKey())));
        }
        RulesVersion rules =
                s.engineVersion() == null || s.catalogVersion() == null
                        ? null
                        : new RulesVersion(s.engineVersion(), s.catalogVersion());
        VoidlitView.ResultView result =
                s.over()
                        ? new VoidlitView.ResultView(
                                s.winner(),
                                s.losers(),
                                s.winner() == null && s.losers().isEmpty(),
                                s.endReason())
                        : null;
        return new VoidlitView(
                s.matchId(),
                Decider.RULESET,
                rules,
                version,
                s.status().name(),
                s.turn(),
                s.active(),
                s.phase(),
                VoidlitMoves.toAct(s),
                result,
                null,
                seats,
                s.seedCommitment(),
                s.options() == null ? 0 : s.options().spectatorDelaySeconds(),
                Decider.timeoutsToLose(s),
                List.of());
    }

    private VoidlitView.SeatView seat(VoidlitState s, Seat seat, Side side, boolean own) {
        List<VoidlitView.HandCard> hand = null;
        if (own) {
            hand = new ArrayList<>();
            boolean live =
                    s.status() == MatchStatus.LIVE
                            && VoidlitState.MAIN.equals(s.phase())
                            && s.active() == seat;
            for (CardRef ref : side.hand()) {
                VoidlitCard card = catalog.card(ref.card());
                boolean playable =
                        live
                                && card != null
                                && VoidlitMoves.playTargets(catalog, s, seat, ref) != null;
                hand.add(
                        new VoidlitView.HandCard(
                                ref.id(), ref.card(), card == null ? 0 : card.cost(), playable));
            }
        }
        int next = side.searches() >= 30 ? 1 << 30 : 1 << side.searches();
        return new VoidlitView.SeatView(
                side.name(),
                side.parallel(),
                side.health(),
                side.energy(),
                side.maxEnergy(),
                side.hand().size(),
                hand,
                side.deck().size(),
                side.bank(),
                side.units(),
                side.relics(),
                side.waste(),
                side.mulliganed(),
                side.banked(),
                side.searches(),
                next,
                side.timeouts());
    }
}
