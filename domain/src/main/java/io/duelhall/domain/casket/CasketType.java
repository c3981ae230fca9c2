package io.duelhall.domain.casket;

/** The four Casket types and their SP maximum before modifiers (C-SP-1). */
public enum CasketType {
    SCOUT(6),
    ASSAULT(5),
    HEAVY(4),
    FORTRESS(3);

    private final int sp;

    CasketType(int sp) {
        this.sp = sp;
    }

    public int sp() {
        return sp;
    }
}
