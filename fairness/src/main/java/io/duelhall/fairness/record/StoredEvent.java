package io.duelhall.fairness.record;

/**
 * One event of a match as the event store holds it: sequence number, type name, storage time
 * (ISO-8601), the payload JSON text exactly as stored, and the chain value from its metadata (null
 * if it has none).
 */
public record StoredEvent(long seq, String type, String at, String payload, String chain) {

    /**
     * The type name of a stored payload type: the simple name of the class ({@code
     * …VoidexaEvent$CardPlayed} → CardPlayed).
     */
    public static String typeName(String payloadType) {
        int cut = Math.max(payloadType.lastIndexOf('.'), payloadType.lastIndexOf('$'));
        return payloadType.substring(cut + 1);
    }
}
