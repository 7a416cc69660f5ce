package io.paygate.kit;

import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.quarkus.KafkaResource;
import io.paygate.testsupport.quarkus.PostgresResource;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.paygate.testsupport.rest.MerchantSigningFilter;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/** docs/contract.md §0 over HTTP: a correctly signed body that is not I-JSON is 400SS00, never 500, never reaching the resource. */
@QuarkusTest
@WithTestResource(value = PostgresResource.class, initArgs = @ResourceArg(name = "database", value = "kit"))
@WithTestResource(KafkaResource.class)
@WithTestResource(SandboxConfigResource.class)
class IJsonBehaviourTest {

    static ValidatableResponse post(byte[] body) {
        return given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).contentType("application/json")
                .body(body).post("/pg/kit/ijson").then();
    }

    static byte[] withRawBytes(String hex) {
        byte[] head = "{\"id\":\"a".getBytes(StandardCharsets.UTF_8);
        byte[] middle = HexFormat.of().parseHex(hex);
        byte[] tail = "b\",\"data\":1}".getBytes(StandardCharsets.UTF_8);
        byte[] all = new byte[head.length + middle.length + tail.length];
        System.arraycopy(head, 0, all, 0, head.length);
        System.arraycopy(middle, 0, all, head.length, middle.length);
        System.arraycopy(tail, 0, all, head.length + middle.length, tail.length);
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"c0af", "e080af", "f08080af", "f4908080", "f5808080", "c1bf"})
    void illFormedUtf8IsABadRequest(String hex) {
        post(withRawBytes(hex)).statusCode(400).body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo("Bad Request invalid UTF-8"));
    }

    /** Jackson refuses these itself; still the contract's 400, not a 500. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"eda080", "e282", "ff"})
    void utf8JacksonRefusesItselfIsABadRequestToo(String hex) {
        post(withRawBytes(hex)).statusCode(400).body("responseCode", equalTo("4000100"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"id\":\"x\",\"data\":{\"x\":1e309}}|Bad Request number out of range at data.x",
            "{\"id\":\"x\",\"data\":{\"x\":-1e400}}|Bad Request number out of range at data.x",
            "{\"id\":\"x\",\"data\":{\"x\":1e1000000000}}|Bad Request number out of range at data.x",
            "{\"id\":\"x\",\"data\":{\"x\":1e3000000000}}|Bad Request number out of range at data",
            "{\"id\":\"x\",\"data\":1,\"other\":[1e309]}|Bad Request number out of range at other[0]",
            "{\"id\":\"\\ud800\",\"data\":1}|Bad Request lone surrogate in text at id",
            "{\"id\":\"x\",\"data\":[\"\\ude00\\ud83d\"]}|Bad Request lone surrogate in text at data[0]",
            "{\"id\":\"x\",\"data\":{\"note\":\"a\\udc00\"}}|Bad Request lone surrogate in text at data.note"})
    void hostileNumbersAndTextAreABadRequestNamingWhere(String body, String message) {
        post(body.getBytes(StandardCharsets.UTF_8)).statusCode(400).body("responseCode", equalTo("4000100"))
                .body("responseMessage", equalTo(message));
    }

    @Test
    void nearBoundaryInputIsAccepted() {
        byte[] body = "{\"id\":\"\\ud83d\\ude00 \ud83d\ude00\",\"data\":[1.7976931348623157e308,5e-324,1e-10000]}"
                .getBytes(StandardCharsets.UTF_8);
        post(body).statusCode(200).body("id", equalTo("\ud83d\ude00 \ud83d\ude00"))
                .body("data.size()", equalTo(3))
                .body("data[2]", equalTo(0));
    }
}
