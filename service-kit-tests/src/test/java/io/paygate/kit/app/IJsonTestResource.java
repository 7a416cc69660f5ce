package io.paygate.kit.app;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.auth.MerchantAuthenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.util.LinkedHashMap;
import java.util.Map;

/** A test-only endpoint that keeps what it reads, to show what the services' JSON reading lets through. */
@Path("/pg/kit/ijson")
@Produces(MediaType.APPLICATION_JSON)
public class IJsonTestResource {

    public record Payload(String id, JsonNode data) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    public Map<String, Object> echo(Payload payload) {
        Map<String, Object> reply = new LinkedHashMap<>();
        reply.put("id", payload.id());
        reply.put("data", payload.data());
        return reply;
    }
}
