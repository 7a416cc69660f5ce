package io.paygate.kit.openapi;

import io.paygate.model.ids.RequestIds;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;

/** docs/contract.md §0 "Request ids" in every operation: an optional request header, and a header of every reply. */
final class RequestIdDocumentation {

    private RequestIdDocumentation() {
    }

    static void addTo(Operation operation) {
        boolean declared = operation.getParameters() != null && operation.getParameters().stream()
                .anyMatch(p -> RequestIds.HEADER.equalsIgnoreCase(p.getName()));
        if (!declared) {
            operation.addParameter(OASFactory.createParameter().name(RequestIds.HEADER).in(Parameter.In.HEADER)
                    .required(false).description("Your id for this request, 1-64 of [A-Za-z0-9._-]: echoed in the "
                            + "reply and in the gateway's logs about it (and about the notifications it causes); "
                            + "anything else is replaced by an id the gateway makes")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                            .pattern("^[A-Za-z0-9._-]{1,64}$")));
        }
        operation.getResponses().getAPIResponses().values().forEach(response -> {
            if (response.getRef() == null && (response.getHeaders() == null
                    || !response.getHeaders().containsKey(RequestIds.HEADER))) {
                response.addHeader(RequestIds.HEADER, OASFactory.createHeader().required(true)
                        .description("The request's id: the caller's when well-formed, else one the gateway made")
                        .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING)));
            }
        });
    }
}
