package io.paygate.model.api.ledger;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code POST /pg/sandbox/balance/top-up}: credits the sandbox merchant's available balance. */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A sandbox top-up")
public record TopUpRequest(@Schema(description = "§1 amount", examples = "1000000.00") String amount) {
}
