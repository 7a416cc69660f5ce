package io.paygate.binding.sandbox;

import io.quarkus.qute.i18n.Message;
import io.quarkus.qute.i18n.MessageBundle;

/**
 * Every text of the sandbox bank's page (docs/contract.md §2, §4), in English here and in Bahasa Indonesia in
 * {@code messages/msg_id.properties}, each keyed by its method's name ({@code {msg:approve}} in the template). To
 * add one: a method here with its English text, the same key in {@code msg_id.properties} (BankMessagesTest fails
 * until every key is translated and shows the same parameters).
 */
@MessageBundle(value = "msg", locale = "en")
public interface BankMessages {

    @Message("Language")
    String languageSwitch();

    @Message("English")
    String languageEn();

    @Message("Bahasa Indonesia")
    String languageId();

    @Message("Sandbox Bank")
    String sandboxBank();

    @Message("Sandbox bank · no real money moves")
    String sandboxNote();

    @Message("Authorize direct debit")
    String authorizeTitle();

    @Message("{merchant} asks to debit your {bank} account directly for future payments.")
    String authorizeIntro(String merchant, String bank);

    @Message("Customer")
    String customer();

    @Message("Phone")
    String phone();

    @Message("Reference")
    String reference();

    @Message("One-time code sent to {phone}")
    String otpLabel(String phone);

    @Message("Sandbox: the code is {otp}.")
    String sandboxCode(String otp);

    @Message("{#if attemptsLeft == 1}1 try{#else}{attemptsLeft} tries{/if} left.")
    String triesLeft(int attemptsLeft);

    @Message("Approve before {time}.")
    String approveBefore(String time);

    @Message("Approve")
    String approve();

    @Message("That code is not right. {#if attemptsLeft == 1}1 try{#else}{attemptsLeft} tries{/if} left.")
    String wrongCode(int attemptsLeft);

    @Message("Too many wrong codes: this authorization has been cancelled.")
    String tooManyAttempts();

    @Message("The time to approve ran out.")
    String expired();

    @Message("Direct debit approved. You can close this page.")
    String approved();

    @Message("This direct debit has been unlinked.")
    String unbound();

    @Message("This authorization did not go through.")
    String notThrough();

    @Message("Authorization not found")
    String notFoundTitle();

    @Message("This link is not valid. Go back to the shop and start again.")
    String notFoundText();

    @Message("This shop cannot take payments right now")
    String suspendedTitle();

    @Message("The shop cannot take payments at the moment, so this direct debit cannot be approved now. Nothing was "
            + "charged and no account was linked.")
    String suspendedText();

    @Message("Code {code}")
    String responseCode(String code);
}
