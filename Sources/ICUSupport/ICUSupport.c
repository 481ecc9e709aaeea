#include "ICUSupport.h"
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uscript.h>
#include <unicode/uchar.h>
#include <unicode/upluralrules.h>
#include <string.h>

int32_t lamina_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_open();
    if (!bidi) return -1;
    UBiDiLevel requested = direction == 1 ? 1 : (direction == 0 ? 0 : UBIDI_DEFAULT_LTR);
    ubidi_setPara(bidi, (const UChar *)text, length, requested, NULL, &error);
    if (U_FAILURE(error)) { ubidi_close(bidi); return -1; }
    const UBiDiLevel *found = ubidi_getLevels(bidi, &error);
    if (U_FAILURE(error) || !found) { ubidi_close(bidi); return -1; }
    memcpy(levels, found, (size_t)length);
    int32_t paragraph = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return paragraph;
}

int32_t lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *map) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, map);
    return 0;
}

/* Opening a break iterator builds it from ICU's rule data, which costs more than breaking a
 * label's text; each thread keeps one of each kind and gives it new text. The iterators live
 * as long as their thread (a handful: the main thread and the render threads). */
static _Thread_local UBreakIterator *lamina_break_iterators[2];

int32_t lamina_breaks(const uint16_t *text, int32_t length, int32_t kind, int32_t *out, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t slot = kind == 0 ? 0 : 1;
    UBreakIterator *iterator = lamina_break_iterators[slot];
    if (iterator) {
        ubrk_setText(iterator, (const UChar *)text, length, &error);
    } else {
        iterator = ubrk_open(slot == 0 ? UBRK_LINE : UBRK_CHARACTER, "", (const UChar *)text, length, &error);
        if (U_SUCCESS(error) && iterator) lamina_break_iterators[slot] = iterator;
    }
    if (U_FAILURE(error) || !iterator) return -1;
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t position = ubrk_next(iterator); position != UBRK_DONE && count < capacity; position = ubrk_next(iterator)) {
        out[count++] = position;
    }
    /* The iterator keeps no pointer into text the caller may free. */
    ubrk_setText(iterator, NULL, 0, &error);
    return count;
}

int32_t lamina_script(uint32_t scalar) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t script = (int32_t)uscript_getScript((UChar32)scalar, &error);
    return U_FAILURE(error) ? 0 : script;
}

int32_t lamina_category(uint32_t scalar) {
    return (int32_t)u_charType((UChar32)scalar);
}

const char *lamina_script_code(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

int32_t lamina_emoji_presentation(uint32_t scalar) {
    return u_hasBinaryProperty((UChar32)scalar, UCHAR_EMOJI_PRESENTATION) ? 1 : 0;
}

/* The plural rules of the last locale asked for on this thread (a string catalogue asks for
 * one locale's rules again and again). */
static _Thread_local UPluralRules *lamina_plural_rules;
static _Thread_local char lamina_plural_locale[64];

int32_t lamina_plural_category(const char *locale, double number, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = lamina_plural_rules;
    int keep = strlen(locale) < sizeof lamina_plural_locale;
    if (!rules || !keep || strcmp(lamina_plural_locale, locale) != 0) {
        rules = uplrules_open(locale, &status);
        if (U_FAILURE(status) || rules == NULL) return -1;
        if (keep) {
            /* A locale name too long to keep is opened each time and closed below. */
            if (lamina_plural_rules) uplrules_close(lamina_plural_rules);
            lamina_plural_rules = rules;
            strcpy(lamina_plural_locale, locale);
        }
    }
    UChar keyword[32];
    int32_t length = uplrules_select(rules, number, keyword, 32, &status);
    if (!keep) uplrules_close(rules);
    if (U_FAILURE(status) || length < 0 || length >= capacity || length >= 32) return -1;
    for (int32_t i = 0; i < length; i++) out[i] = (char)keyword[i];
    out[length] = 0;
    return length;
}
