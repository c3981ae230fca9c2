package io.duelhall.query.stream;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Timeline;
import io.duelhall.domain.Viewer;
import io.duelhall.projections.view.Views;
import io.duelhall.query.log.MatchLog;
import java.util.List;

/**
 * The form of a {@link StreamSource}'s events (was {@code Fold}): stored whole, or public (already
 * redacted for spectators); each form has its fold and its view. Both folds are the domain's
 * ({@link Ruleset}); they differ in what the events hold.
 */
public enum EventForm {
    /**
     * The stored events, whole (an app node): the rules' fold, each event redacted for the viewer,
     * and everything shown to everyone once the match has ended.
     */
    STORED {
        @Override
        Timeline.Fold fold() {
            return Timeline.Fold.WHOLE;
        }

        @Override
        Viewer viewer(Ruleset ruleset, GameState state, Viewer asked) {
            return ruleset.effectiveViewer(state, asked);
        }

        @Override
        Object view(
                Ruleset ruleset,
                GameState state,
                Viewer viewer,
                long version,
                List<RecordedEvent> recent,
                Views.ClockView clock) {
            return Views.render(ruleset, state, viewer, version, recent, clock);
        }
    },
    /**
     * The public events of the Kafka stream, already redacted for spectators (a spectator edge):
     * the public fold ({@link Ruleset#evolvePublic}), and a spectator's view also after the end
     * (the stream never carries what the end reveals; docs/kafka.md).
     */
    PUBLIC {
        @Override
        Timeline.Fold fold() {
            return Timeline.Fold.PUBLIC;
        }

        @Override
        Viewer viewer(Ruleset ruleset, GameState state, Viewer asked) {
            return Viewer.SPECTATOR;
        }

        @Override
        Object view(
                Ruleset ruleset,
                GameState state,
                Viewer viewer,
                long version,
                List<RecordedEvent> recent,
                Views.ClockView clock) {
            return Views.renderPublic(ruleset, state, version, recent, clock);
        }
    };

    /** The domain's fold for events of this form. */
    abstract Timeline.Fold fold();

    GameState evolve(Ruleset ruleset, GameState state, MatchEvent event) {
        return fold().evolve(ruleset, state, event);
    }

    /** The events of {@code log} and their states, folded this form's way. */
    Timeline timeline(MatchLog log) {
        return log.timeline().as(fold());
    }

    /** Who {@code asked} is shown as, in {@code state}. */
    abstract Viewer viewer(Ruleset ruleset, GameState state, Viewer asked);

    /** The view of {@code state} for {@code viewer} (already passed through {@link #viewer}). */
    abstract Object view(
            Ruleset ruleset,
            GameState state,
            Viewer viewer,
            long version,
            List<RecordedEvent> recent,
            Views.ClockView clock);
}
