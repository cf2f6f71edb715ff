/* test-report: the JSON writer the report back ends share (escaping, layout), and the
 * table of report formats. Whole reports are golden tests (tests/golden/check-json-*,
 * check-sarif-*, cover-json-*). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>

#include "rf-report-private.h"

static char *
escaped (const char *s)
{
  GString *out = g_string_new (NULL);
  rf_json_append_escaped (out, s);
  return g_string_free (out, FALSE);
}

static void
test_escape (void **state)
{
  (void) state;
  g_autofree char *plain = escaped ("counter");
  assert_string_equal (plain, "\"counter\"");
  g_autofree char *quotes = escaped ("say \"hi\" \\ bye");
  assert_string_equal (quotes, "\"say \\\"hi\\\" \\\\ bye\"");
  g_autofree char *control = escaped ("a\nb\tc\rd\be\ff\001g\037h\177");
  assert_string_equal (control, "\"a\\nb\\tc\\rd\\be\\ff\\u0001g\\u001fh\\u007f\"");
  /* non-ASCII passes through as UTF-8 */
  g_autofree char *utf8 = escaped ("z\xc3\xa4hler \xe2\x86\x92 \xf0\x9f\x90\x9b");
  assert_string_equal (utf8, "\"z\xc3\xa4hler \xe2\x86\x92 \xf0\x9f\x90\x9b\"");
  /* an invalid byte becomes U+FFFD, so the document stays UTF-8 */
  g_autofree char *invalid = escaped ("a\xff" "b");
  assert_string_equal (invalid, "\"a\xef\xbf\xbd" "b\"");
}

static void
test_writer_layout (void **state)
{
  (void) state;
  g_autoptr (GString) out = g_string_new (NULL);
  RfJson j;
  rf_json_init (&j, out);
  rf_json_begin_object (&j);
  rf_json_member_string (&j, "name", "x");
  rf_json_key (&j, "empty");
  rf_json_begin_array (&j);
  rf_json_end_array (&j);
  rf_json_key (&j, "none");
  rf_json_begin_object (&j);
  rf_json_end_object (&j);
  rf_json_key (&j, "pairs");
  rf_json_begin_array (&j);
  rf_json_begin_array_inline (&j);
  rf_json_string (&j, "p");
  rf_json_uint (&j, 2);
  rf_json_end_array (&j);
  rf_json_begin_array_inline (&j);
  rf_json_string (&j, "q");
  rf_json_uint (&j, 1);
  rf_json_end_array (&j);
  rf_json_end_array (&j);
  rf_json_key (&j, "values");
  rf_json_begin_array (&j);
  rf_json_null (&j);
  rf_json_bool (&j, TRUE);
  rf_json_double (&j, 0.25);
  rf_json_double (&j, INFINITY);
  rf_json_string (&j, NULL);
  rf_json_end_array (&j);
  rf_json_key (&j, "loc");
  rf_json_begin_object (&j);
  rf_json_loc_members (&j, RF_LOC_NONE);
  rf_json_end_object (&j);
  rf_json_end_object (&j);
  rf_json_finish (&j);
  assert_string_equal (out->str,
    "{\n"
    "  \"name\": \"x\",\n"
    "  \"empty\": [],\n"
    "  \"none\": {},\n"
    "  \"pairs\": [\n"
    "    [\"p\", 2],\n"
    "    [\"q\", 1]\n"
    "  ],\n"
    "  \"values\": [\n"
    "    null,\n"
    "    true,\n"
    "    0.250000,\n"
    "    null,\n"
    "    null\n"
    "  ],\n"
    "  \"loc\": {\n"
    "    \"file\": null,\n"
    "    \"line\": null,\n"
    "    \"column\": null\n"
    "  }\n"
    "}\n");
}

static void
test_format_lookup (void **state)
{
  (void) state;
  assert_ptr_equal (rf_report_format_lookup ("text"), &rf_report_format_text);
  assert_ptr_equal (rf_report_format_lookup ("json"), &rf_report_format_json);
  assert_ptr_equal (rf_report_format_lookup ("sarif"), &rf_report_format_sarif);
  assert_null (rf_report_format_lookup ("xml"));
  assert_null (rf_report_format_lookup ("JSON"));
  /* every format reports a race check and a coverability check */
  assert_non_null (rf_report_format_sarif.check);
  assert_non_null (rf_report_format_sarif.cover);
  assert_non_null (rf_report_format_json.cover);
  assert_non_null (rf_report_format_text.cover);
  assert_non_null (rf_report_format_text.diagnostics);
  assert_null (rf_report_format_json.diagnostics);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_escape),
    cmocka_unit_test (test_writer_layout),
    cmocka_unit_test (test_format_lookup),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
