package io.duelhall.query.http;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.type.LogicalType;

/**
 * The HTTP API reads JSON strictly (issue 45, findings 2 and 7): a key given twice is a 400, not
 * "the last one wins" ({@code {"type":"NOPE","type":"CONCEDE"}} conceded); a number is not read
 * from a string nor a string from a number, and a fraction is not cut into an integer field ({@code
 * expectedVersion: 1.5} was 1). Each of these is {@code 400 MALFORMED_JSON} through {@link
 * io.duelhall.command.api.ApiErrors}, before anything is decided. {@code /api/audit} reads its
 * records with a strict parser of its own (fairness' RecordDecoder).
 */
@Configuration(proxyBeanMethods = false)
public class StrictJson {
    @Bean
    JsonMapperBuilderCustomizer strictJsonReading() {
        return builder ->
                builder.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                        .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                        .withCoercionConfig(
                                LogicalType.Integer,
                                c ->
                                        c.setCoercion(
                                                        CoercionInputShape.String,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Float,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Boolean,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.EmptyString,
                                                        CoercionAction.Fail))
                        .withCoercionConfig(
                                LogicalType.Float,
                                c ->
                                        c.setCoercion(
                                                        CoercionInputShape.String,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Boolean,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.EmptyString,
                                                        CoercionAction.Fail))
                        .withCoercionConfig(
                                LogicalType.Boolean,
                                c ->
                                        c.setCoercion(
                                                        CoercionInputShape.String,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Integer,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.EmptyString,
                                                        CoercionAction.Fail))
                        .withCoercionConfig(
                                LogicalType.Textual,
                                c ->
                                        c.setCoercion(
                                                        CoercionInputShape.Integer,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Float,
                                                        CoercionAction.Fail)
                                                .setCoercion(
                                                        CoercionInputShape.Boolean,
                                                        CoercionAction.Fail));
    }
}
