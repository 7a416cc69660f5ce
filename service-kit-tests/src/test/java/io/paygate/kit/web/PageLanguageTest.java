package io.paygate.kit.web;

import org.junit.jupiter.api.Test;

import static io.paygate.kit.web.PageLanguage.EN;
import static io.paygate.kit.web.PageLanguage.ID;
import static io.paygate.kit.web.PageLanguage.fromAcceptLanguage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class PageLanguageTest {

    @Test
    void anIndonesianBrowserGetsIndonesian() {
        assertEquals(ID, fromAcceptLanguage("id-ID,id;q=0.9,en-US;q=0.8,en;q=0.7"));
        assertEquals(ID, fromAcceptLanguage("id"));
        assertEquals(ID, fromAcceptLanguage("ID-id"));
    }

    @Test
    void theHighestQValueWinsWhateverTheOrder() {
        assertEquals(ID, fromAcceptLanguage("en;q=0.5, id;q=0.9"));
        assertEquals(EN, fromAcceptLanguage("id;q=0.4, en;q=0.6"));
        assertEquals(EN, fromAcceptLanguage("en-US,en;q=0.9,id;q=0.8"));
    }

    @Test
    void indonesianRankedBelowAnUnsupportedLanguageStillBeatsEnglishNotNamed() {
        assertEquals(ID, fromAcceptLanguage("jv, id;q=0.5"));
        assertEquals(EN, fromAcceptLanguage("fr, en;q=0.8, id;q=0.5"));
    }

    @Test
    void aWeightOfZeroMeansNotThisLanguage() {
        assertEquals(EN, fromAcceptLanguage("id;q=0, fr"));
        assertEquals(EN, fromAcceptLanguage("id;q=0"));
    }

    @Test
    void theOldCodeOfIndonesianCounts() {
        assertEquals(ID, fromAcceptLanguage("in-ID"));
    }

    @Test
    void noWildcardMalformedOrOversizedHeaderIsEnglish() {
        assertEquals(EN, fromAcceptLanguage(null));
        assertEquals(EN, fromAcceptLanguage(""));
        assertEquals(EN, fromAcceptLanguage("*"));
        assertEquals(EN, fromAcceptLanguage("*, id;q=0.5"));
        assertEquals(EN, fromAcceptLanguage(";;;===,,,"));
        assertEquals(EN, fromAcceptLanguage("@@, !!;q=1"));
        assertEquals(EN, fromAcceptLanguage("fr-FR, de"));
        assertEquals(EN, fromAcceptLanguage("id," + "x;q=0.1,".repeat(100)));
    }

    @Test
    void aMalformedWeightCountsAsOneAndTheRestIsStillRead() {
        assertEquals(ID, fromAcceptLanguage("id-ID,id;q=0.9;q=0.9,en;q=0.8"));   // as Chromium sends it, told weights
        assertEquals(ID, fromAcceptLanguage("en;q=0.5, id;q=banana"));
        assertEquals(EN, fromAcceptLanguage("en;q=x, id;q=0.5"));
        assertEquals(ID, fromAcceptLanguage("@@, id;q=0.5;;"));
    }

    @Test
    void theSwitchAndTheCookieTakeOnlyTheTwoTags() {
        assertEquals(ID, PageLanguage.ofTag("id"));
        assertEquals(EN, PageLanguage.ofTag("EN"));
        assertNull(PageLanguage.ofTag("in"));
        assertNull(PageLanguage.ofTag("fr"));
        assertNull(PageLanguage.ofTag("id-ID"));
        assertNull(PageLanguage.ofTag("<script>"));
        assertNull(PageLanguage.ofTag(null));
    }
}
