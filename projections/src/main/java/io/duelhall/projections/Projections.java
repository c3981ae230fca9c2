package io.duelhall.projections;

import java.util.List;

/**
 * The read models and their processing groups. Each read model is one pooled streaming processor of
 * its own, so each can be reset and rebuilt from the event store alone ({@link
 * io.duelhall.projections.admin.ProjectionAdmin}).
 */
public final class Projections {
    /** The spectator view of every match (rm_match_view). */
    public static final String MATCH_VIEWS = "match-views";

    /** Live and recent matches (rm_match_summary). */
    public static final String MATCH_LIST = "match-list";

    /** Each player's matches (rm_player_match). */
    public static final String PLAYER_HISTORY = "player-history";

    /** Glicko-2 ratings (rm_rating_seat, rm_rated_match, rm_rating). */
    public static final String RATINGS = "ratings";

    /** Refused intents (rm_refusal). */
    public static final String REFUSALS = "refusals";

    /** The tournaments of GET /api/tournaments (rm_tournament). */
    public static final String TOURNAMENT_LIST = "tournament-list";

    public static final List<String> ALL =
            List.of(MATCH_VIEWS, MATCH_LIST, PLAYER_HISTORY, RATINGS, REFUSALS, TOURNAMENT_LIST);

    private Projections() {}
}
