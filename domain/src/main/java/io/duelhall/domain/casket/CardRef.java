package io.duelhall.domain.casket;

/** A card instance: its id, unique in the match, and its catalog id (null when face down). */
public record CardRef(String id, String card) {
    /** A card nobody this state belongs to may see. */
    public static final CardRef FACE_DOWN = new CardRef("?", null);
}
