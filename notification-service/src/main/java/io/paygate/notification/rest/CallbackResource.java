package io.paygate.notification.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.CallbackRegistration;
import io.paygate.model.error.ResponseCode;
import io.paygate.model.api.notification.TestNotificationRequest;
import io.paygate.notification.service.CallbackRegistrations;
import io.paygate.notification.service.NotificationViews;
import io.paygate.notification.service.TestNotifications;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Valid;
import jakarta.validation.Validator;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

import java.sql.SQLException;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * docs/contract.md §6, §9: where the merchant's disbursement, binding and SNAP notifications go, and a test
 * notification sent there on request (service code 06). The
 * body is read as a tree first, because a PUT changes only the members it names ({@code null} unregisters one), then
 * as {@link CallbackRegistration} with the service's strict mapper and its constraints, like any body.
 */
@Path("/pg/merchant/callbacks")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class CallbackResource {

    private final CallbackRegistrations registrations;
    private final TestNotifications tests;
    private final CurrentMerchant merchant;
    private final ObjectMapper mapper;
    private final Validator validator;

    CallbackResource(CallbackRegistrations registrations, TestNotifications tests, CurrentMerchant merchant,
                     ObjectMapper mapper, Validator validator) {
        this.registrations = registrations;
        this.tests = tests;
        this.merchant = merchant;
        this.mapper = mapper;
        this.validator = validator;
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "Registered")
    public CallbacksReply register(@RequestBody(content = @Content(schema = @Schema(
            implementation = CallbackRegistration.class))) @NotNull ObjectNode body) throws JsonProcessingException {
        CallbackRegistration request = mapper.treeToValue(body, CallbackRegistration.class);
        Set<ConstraintViolation<CallbackRegistration>> violations = validator.validate(request);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        Set<String> sent = CallbackRegistration.MEMBERS.stream().filter(body::has).collect(Collectors.toSet());
        return reply(registrations.register(merchant.get().id(), request, sent));
    }

    @POST
    @Path("/test")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "The attempt was made (delivered or not); its outcome")
    public NotificationViews.TestNotificationResult test(@Valid @NotNull TestNotificationRequest request)
            throws SQLException {
        return tests.send(merchant.get(), request);
    }

    @GET
    @APIResponse(responseCode = "200", description = "The registration (null where none is registered)")
    public CallbacksReply get() {
        return reply(registrations.get(merchant.get().id()));
    }

    private static CallbacksReply reply(CallbackRegistration r) {
        return new CallbacksReply(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, r.disbursementCallbackUrl(),
                r.bindingCallbackUrl(), r.snapDebitNotifyUrl(), r.snapVaPaymentUrl(), r.snapQrNotifyUrl(),
                r.snapBindingNotifyUrl());
    }
}
