package io.paygate.merchant.registry;

import io.paygate.model.merchant.Sealed;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/**
 * A sealed secret in a text column: {@code <key id>:<base64>} (docs/contract.md §10: never a secret in clear in the
 * database). The key id is kept with each value, so a row sealed under the previous encryption key is found and
 * re-sealed after a rotation.
 */
@Converter
public class SealedColumn implements AttributeConverter<Sealed, String> {

    @Override
    public String convertToDatabaseColumn(Sealed sealed) {
        return sealed == null ? null : sealed.kid() + ":" + sealed.value();
    }

    @Override
    public Sealed convertToEntityAttribute(String column) {
        if (column == null) {
            return null;
        }
        int colon = column.indexOf(':');
        if (colon <= 0) {
            throw new IllegalStateException("a sealed column without its key id");
        }
        return new Sealed(column.substring(0, colon), column.substring(colon + 1));
    }
}
