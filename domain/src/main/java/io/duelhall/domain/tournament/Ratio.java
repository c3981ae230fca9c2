package io.duelhall.domain.tournament;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * An exact non-negative fraction, always reduced, so tie-breaks compare exactly (a percentage
 * computed twice, in any order, is the same value) and a record can be checked to the digit.
 */
public record Ratio(BigInteger num, BigInteger den) implements Comparable<Ratio> {
    public static final Ratio ZERO = new Ratio(BigInteger.ZERO, BigInteger.ONE);
    public static final Ratio ONE_THIRD = of(1, 3);

    public Ratio {
        if (den.signum() <= 0) {
            throw new IllegalArgumentException("denominator must be positive");
        }
        BigInteger g = num.gcd(den);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            num = num.divide(g);
            den = den.divide(g);
        }
        if (num.signum() == 0) {
            den = BigInteger.ONE;
        }
    }

    public static Ratio of(long num, long den) {
        return new Ratio(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    public Ratio plus(Ratio o) {
        return new Ratio(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    public Ratio times(Ratio o) {
        return new Ratio(num.multiply(o.num), den.multiply(o.den));
    }

    public Ratio dividedBy(long n) {
        return new Ratio(num, den.multiply(BigInteger.valueOf(n)));
    }

    public Ratio atLeast(Ratio floor) {
        return compareTo(floor) < 0 ? floor : this;
    }

    @Override
    public int compareTo(Ratio o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    /** The value rounded half-up to {@code places} decimals, for display. */
    public BigDecimal decimal(int places) {
        return new BigDecimal(num).divide(new BigDecimal(den), places, RoundingMode.HALF_UP);
    }

    @Override
    public String toString() {
        return den.equals(BigInteger.ONE) ? num.toString() : num + "/" + den;
    }
}
