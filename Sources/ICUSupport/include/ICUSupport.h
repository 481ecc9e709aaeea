#ifndef LAMINA_ICU_SUPPORT_H
#define LAMINA_ICU_SUPPORT_H
// The few ICU calls Lamina's text layout makes, behind plain C types: ICU renames its entry
// points by version (ubidi_open_72) and Foundation carries its own copy of ICU's headers, so
// Swift never sees ICU's declarations; these wrappers are compiled against the machine's ICU.
#include <stdint.h>

/// Embedding levels of `length` UTF-16 units into `levels`; `direction` 0 LTR, 1 RTL, -1 from
/// the first strong character (LTR when none). Returns the paragraph level, or -1 on failure.
int32_t lamina_bidi_levels(const uint16_t *text, int32_t length, int32_t direction, uint8_t *levels);

/// Visual order of `count` items with these levels: `map[visual] = logical`. 0 on success.
int32_t lamina_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *map);

/// Positions after which a line may end (kind 0, UAX #14) or user-perceived characters end
/// (kind 1), ascending, into `out` (at most `capacity`); returns how many, or -1 on failure.
int32_t lamina_breaks(const uint16_t *text, int32_t length, int32_t kind, int32_t *out, int32_t capacity);

/// The ICU script code of a scalar (0 common, 1 inherited).
int32_t lamina_script(uint32_t scalar);

/// ISO 15924 code of an ICU script ("Latn"), or NULL.
const char *lamina_script_code(int32_t script);

/// The ICU general category of a scalar (6 non-spacing mark, 7 enclosing mark).
int32_t lamina_category(uint32_t scalar);

/// 1 when the character is shown as an emoji by default (Unicode's Emoji_Presentation), else 0.
int32_t lamina_emoji_presentation(uint32_t scalar);

/// The CLDR plural category ("zero", "one", "two", "few", "many", "other") of `number` in
/// `locale` ("en", "zh_Hans", "ru"), written NUL-terminated into `out`; its length, or -1.
int32_t lamina_plural_category(const char *locale, double number, char *out, int32_t capacity);
#endif
