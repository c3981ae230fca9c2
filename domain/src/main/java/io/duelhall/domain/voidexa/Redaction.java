package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDrawn;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place that turns the truth into what a viewer may see (ARCHITECTURE principle 3). Hidden
 * until the match ends: hands (own seat excepted), deck order (everyone), which card a seat drew
 * (own seat excepted), deck lists (own seat excepted), the server seed.
 */
final class Redaction {
    private final Catalog catalog;

    Redaction(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The event as {@code viewer} may see it. Pass {@link Viewer#EVERYONE} only once the match has
     * ended.
     */
    public static MatchEvent event(MatchEvent e, Viewer viewer) {
        if (e instanceof io.duelhall.domain.SeatTokenIssued t) {
            // never served, not even after the end: only the raw record (audit export) keeps it
            return new io.duelhall.domain.SeatTokenIssued(t.seat(), null, null);
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
                    j.seat(),
                    j.name(),
                    j.pilotClass(),
                    j.shipCore(),
                    null,
                    j.clientSeed(),
                    j.accountId());
        }
        if (e instanceof DeckShuffled d) {
            return new DeckShuffled(d.seat(), d.size(), null);
        }
        if (e instanceof CardDrawn d && !viewer.maySeeOwn(d.seat())) {
            return new CardDrawn(d.seat(), null, d.handCount(), d.deckCount());
        }
        return e;
    }

    /**
     * The state as {@code viewer} may see it; the caller passes EVERYONE once the match has ended.
     */
    public VoidexaView view(VoidexaState s, Viewer viewer, long version) {
        Map<Seat, VoidexaView.SeatView> seats = new EnumMap<>(Seat.class);
        for (Map.Entry<Seat, Ship> e : s.ships().entrySet()) {
            seats.put(e.getKey(), seat(s, e.getKey(), e.getValue(), viewer.maySeeOwn(e.getKey())));
        }
        VoidexaView.PendingDecision pending = null;
        if (s.phase() == Phase.RESPONSE) {
            pending = new VoidexaView.PendingDecision("RESPONSE", s.responder(), null);
        } else if (s.phase() == Phase.DISCARD) {
            pending = new VoidexaView.PendingDecision("DISCARD_DOWN", s.active(), s.discardOwed());
        }
        VoidexaView.ResponseWindow window =
                s.phase() == Phase.RESPONSE && s.pending() != null
                        ? new VoidexaView.ResponseWindow(
                                s.responder(),
                                s.pending().seat(),
                                s.pending().card(),
                                s.pending().targets())
                        : null;
        io.duelhall.domain.RulesVersion rules =
                s.engineVersion() == null || s.catalogVersion() == null
                        ? null
                        : new io.duelhall.domain.RulesVersion(
                                s.engineVersion(), s.catalogVersion());
        return new VoidexaView(
                s.matchId(),
                Decider.RULESET,
                rules,
                version,
                s.status().name(),
                s.turn(),
                (s.turn() + 1) / 2,
                s.active(),
                s.phase().name(),
                pending,
                window,
                s.result() == null
                        ? null
                        : new VoidexaView.ResultView(s.result().winner(), s.result().reason()),
                null,
                seats,
                s.seedCommitment(),
                s.options() == null ? 0 : s.options().spectatorDelaySeconds(),
                Decider.timeoutsToLose(s),
                List.of());
    }

    private VoidexaView.SeatView seat(VoidexaState s, Seat seat, Ship ship, boolean own) {
        Map<String, VoidexaView.Meter> subs = new LinkedHashMap<>();
        for (Subsystem sub : Subsystem.values()) {
            subs.put(sub.name(), new VoidexaView.Meter(ship.value(sub), ship.max(sub)));
        }
        List<VoidexaView.DroneView> drones = new ArrayList<>();
        for (Drone d : ship.drones()) {
            drones.add(
                    new VoidexaView.DroneView(
                            d.id(),
                            d.card(),
                            d.hull(),
                            d.maxHull(),
                            d.shield(),
                            d.damage(),
                            d.pierce(),
                            d.target()));
        }
        List<VoidexaView.HandCard> hand = null;
        if (own) {
            hand = new ArrayList<>();
            for (CardRef ref : ship.hand()) {
                Card card = catalog.card(ref.card());
                boolean playable =
                        s.status() == io.duelhall.domain.MatchStatus.LIVE
                                && Checks.play(catalog, s, seat, ref.id(), null).ok();
                hand.add(
                        new VoidexaView.HandCard(
                                ref.id(),
                                ref.card(),
                                new VoidexaView.Cost(
                                        card.cost(), Passives.totalCost(catalog, s, seat, card)),
                                playable,
                                playable
                                        ? VoidexaMoves.targetChoices(catalog, s, seat, ref)
                                        : List.of(),
                                Passives.weaponBonus(catalog, s, seat, card)));
            }
        }
        return new VoidexaView.SeatView(
                ship.name(),
                ship.pilotClass(),
                ship.shipCore(),
                subs,
                new VoidexaView.Meter(ship.energy(), ship.maxEnergy()),
                new VoidexaView.HeatView(ship.heat(), ship.pendingHeat(), Ship.MAX_HEAT),
                ship.hand().size(),
                ship.maxHand(),
                ship.deck().size(),
                ship.discard(),
                ship.exile().size(),
                ship.exile(),
                ship.inPlay(),
                drones,
                ship.field(),
                s.pending() != null && s.pending().seat() == seat ? s.pending().card() : null,
                ship.lifeSupportZeroTurns(),
                ship.weaponCharge(),
                ship.pierceNext(),
                hand);
    }
}
