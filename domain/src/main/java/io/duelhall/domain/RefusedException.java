package io.duelhall.domain;

/**
 * Carries a {@link Refusal} out of code that cannot return one (a constructor, a read path). The
 * rules themselves never throw: decide returns refusals as values.
 */
public class RefusedException extends RuntimeException {
    private final transient Refusal refusal;

    public RefusedException(Refusal refusal) {
        super(refusal.code() + ": " + refusal.message(), null, false, false);
        this.refusal = refusal;
    }

    public Refusal refusal() {
        return refusal;
    }
}
