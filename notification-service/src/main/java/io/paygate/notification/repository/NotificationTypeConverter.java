package io.paygate.notification.repository;

import io.paygate.notification.NotificationType;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** Stores {@link NotificationType} as its wire value ({@code payment}, {@code disbursement}, {@code binding}). */
@Converter
public class NotificationTypeConverter implements AttributeConverter<NotificationType, String> {

    @Override
    public String convertToDatabaseColumn(NotificationType type) {
        return type == null ? null : type.value();
    }

    @Override
    public NotificationType convertToEntityAttribute(String value) {
        return value == null ? null : NotificationType.fromValue(value)
                .orElseThrow(() -> new IllegalStateException("Unknown notification type in database: " + value));
    }
}
