package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchView;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.List;
import java.util.Map;

/**
 * The view of API.md: what {@code /view}, {@code /stream} and {@code /replay} return. {@code
 * rules}: the rules version (engine and catalog) the match is played under, from its creation to
 * its end. {@code turn} counts every seat's turn (D-SETUP-4); {@code round} is the document's
 * count, one turn of each seat (D-DOC-2). {@code timeoutLoss}: how many turn timeouts of a seat
 * lose the match, 0 when they never do (the match option, D-CLOCK-5; 3 for a match without it).
 */
public record VoidexaView(
        String matchId,
        String ruleset,
        RulesVersion rules,
        long version,
        String status,
        int turn,
        int round,
        Seat activeSeat,
        String phase,
        PendingDecision pendingDecision,
        ResponseWindow responseWindow,
        ResultView result,
        Object clock,
        Map<Seat, SeatView> seats,
        String seedCommitment,
        int spectatorDelaySeconds,
        int timeoutLoss,
        List<RecordedEvent> recentEvents)
        implements MatchView {

    @Override
    public VoidexaView withRecentEvents(List<RecordedEvent> events) {
        return new VoidexaView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                round,
                activeSeat,
                phase,
                pendingDecision,
                responseWindow,
                result,
                clock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                List.copyOf(events));
    }

    @Override
    public VoidexaView withClock(Object runningClock) {
        return new VoidexaView(
                matchId,
                ruleset,
                rules,
                version,
                status,
                turn,
                round,
                activeSeat,
                phase,
                pendingDecision,
                responseWindow,
                result,
                runningClock,
                seats,
                seedCommitment,
                spectatorDelaySeconds,
                timeoutLoss,
                recentEvents);
    }

    public record PendingDecision(String kind, Seat seat, Integer count) {}

    public record ResponseWindow(Seat responder, Seat seat, CardRef card, List<Target> targets) {}

    public record ResultView(Seat winner, String reason) {}

    public record Meter(int value, int max) {}

    public record HeatView(int value, int pending, int max) {}

    public record Cost(int printed, int total) {}

    /**
     * A card in the viewer's own hand. {@code targets}: every target choice the rules accept for it
     * now, one list of targets per choice ({@code [[]]} for a card without a target; empty when it
     * is not playable), from the same legal-move generator the AI uses, so a client never needs a
     * rule to offer a choice.
     */
    /**
     * A card of the seat's own hand. {@code damageBonus}: what a Weapon adds to each of its damage
     * blocks if played now (pilot, modules, an Overcharge's charge: D-DMG-1, D-CAT-3), 0 for other
     * cards, so a page can show "Deal 5 (+1) damage" as the log will say it.
     */
    public record HandCard(
            String id,
            String card,
            Cost cost,
            boolean playable,
            List<List<Target>> targets,
            int damageBonus) {}

    /**
     * {@code target}: the enemy subsystem the drone's attacks are assigned to (D-DRONE-4), null for
     * the enemy ship.
     */
    public record DroneView(
            String id,
            String card,
            int hull,
            int maxHull,
            int shield,
            int damage,
            boolean pierce,
            io.duelhall.domain.voidexa.cards.Subsystem target) {}

    /**
     * One seat. {@code resolving}: the seat's card played and not yet at its destination — waiting
     * in a response window, or the card whose resolution ended the match — so every card of a seat
     * is in exactly one zone of its view: deck, hand, discard, exile, in play, drones, field or
     * resolving. {@code weaponCharge}: an Overcharge's bonus to the next Weapon (D-CAT-3); {@code
     * dronePierceNext}: the drones' next attack has Pierce (D-DRONE-3).
     */
    public record SeatView(
            String name,
            String pilotClass,
            String shipCore,
            Map<String, Meter> subsystems,
            Meter energy,
            HeatView heat,
            int handCount,
            int maxHandSize,
            int deckCount,
            List<CardRef> discard,
            int exileCount,
            List<CardRef> exile,
            List<CardRef> inPlay,
            List<DroneView> drones,
            CardRef field,
            CardRef resolving,
            int lifeSupportZeroTurns,
            int weaponCharge,
            boolean dronePierceNext,
            List<HandCard> hand) {}
}
