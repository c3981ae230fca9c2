package io.duelhall.projections.admin;

/**
 * A read model kept outside this module (its own processor, registered where it lives) that the
 * admin endpoints may rebuild and report on as they do {@code Projections.ALL}: a bean of this type
 * names its processing group. Its processor must be a streaming one with a {@code @ResetHandler}
 * that empties its tables.
 */
public record ReadModelName(String name) {
    public ReadModelName {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a read model's name");
        }
    }
}
