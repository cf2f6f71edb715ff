/* test-diag: source diagnostics (rf-diag.h): kept or written as they come, the limit
 * of errors and the stop, and how a source line is shown under a diagnostic (a window
 * of a long line, escaped bytes, the caret's column, CRLF), and the byte-order mark. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rf-diag.h"
#include "rf-out.h"

#define LOC(l, c) ((RfLoc) { g_intern_string ("f.sml"), (l), (c) })

/* The rendering of one error at LINE:COL of a file holding TEXT. Owned. */
static char *
render_at (const char *text, guint line, guint col)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  rf_diags_set_source (diags, "f.sml", text);
  rf_diags_add (diags, RF_DIAG_ERROR, LOC (line, col), "bad");
  GString *out = g_string_new (NULL);
  rf_diags_render (diags, out);
  return g_string_free (out, FALSE);
}

/* Without an output, diagnostics are kept in order and rendered on demand. */
static void
test_kept (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  rf_diags_set_source (diags, "f.sml", "shared x;\nmain { write y; }\n");
  rf_diags_add (diags, RF_DIAG_ERROR, LOC (2, 14), "'%s' undeclared", "y");
  rf_diags_add (diags, RF_DIAG_WARNING, LOC (1, 8), "unused");
  rf_diags_add (diags, RF_DIAG_NOTE, (RfLoc) { g_intern_string ("f.sml"), 0, 0 }, "a note");
  assert_int_equal (rf_diags_n_errors (diags), 1);
  assert_int_equal (rf_diags_n_warnings (diags), 1);
  assert_false (rf_diags_stopped (diags));
  g_autoptr (GString) out = g_string_new (NULL);
  rf_diags_render (diags, out);
  assert_string_equal (out->str,
                       "f.sml:2:14: error: 'y' undeclared\n"
                       " 2 | main { write y; }\n"
                       "   |              ^\n"
                       "f.sml:1:8: warning: unused\n"
                       " 1 | shared x;\n"
                       "   |        ^\n"
                       "f.sml: note: a note\n");
}

/* With an output, each diagnostic is written as it is added and none is kept; the
 * limit of errors takes the error that reaches it and drops everything after. */
static void
test_output_and_limit (void **state)
{
  g_autoptr (GString) written = g_string_new (NULL);
  g_autoptr (RfOut) sink = rf_out_new_string (written);
  g_autoptr (RfDiags) diags = rf_diags_new ();
  rf_diags_set_source (diags, "f.sml", "a\nb\nc\nd\n");
  rf_diags_set_output (diags, sink);
  rf_diags_set_max_errors (diags, 2);
  rf_diags_add (diags, RF_DIAG_ERROR, LOC (1, 1), "one");
  assert_string_equal (written->str, "f.sml:1:1: error: one\n 1 | a\n   | ^\n");
  assert_false (rf_diags_stopped (diags));
  rf_diags_add (diags, RF_DIAG_WARNING, LOC (2, 1), "warned");
  rf_diags_add (diags, RF_DIAG_ERROR, LOC (3, 1), "two");
  assert_true (rf_diags_stopped (diags));
  rf_diags_add (diags, RF_DIAG_ERROR, LOC (4, 1), "three");
  rf_diags_add (diags, RF_DIAG_WARNING, LOC (4, 1), "late");
  assert_int_equal (rf_diags_n_errors (diags), 2);
  assert_int_equal (rf_diags_n_warnings (diags), 1);
  assert_string_equal (written->str,
                       "f.sml:1:1: error: one\n 1 | a\n   | ^\n"
                       "f.sml:2:1: warning: warned\n 2 | b\n   | ^\n"
                       "f.sml:3:1: error: two\n 3 | c\n   | ^\n");
  g_autoptr (GString) kept = g_string_new (NULL);
  rf_diags_render (diags, kept);
  assert_string_equal (kept->str, "");
  rf_diags_set_output (diags, NULL);
}

/* rf_diags_stop ends the list at once, whatever the limit. */
static void
test_stop (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "fatal");
  rf_diags_stop (diags);
  assert_true (rf_diags_stopped (diags));
  rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "echo");
  assert_int_equal (rf_diags_n_errors (diags), 1);
}

/* A line longer than 160 bytes is shown as a window around the caret. */
static void
test_window (void **state)
{
  g_autoptr (GString) line = g_string_new (NULL);
  for (guint i = 0; i < 1000; i++)
    g_string_append_c (line, 'a' + i % 26);
  g_string_append_c (line, '\n');
  /* near the start: cut on the right only */
  g_autofree char *start = render_at (line->str, 1, 3);
  g_autofree char *expected_start = g_strdup_printf ("f.sml:1:3: error: bad\n 1 | %.160s...\n   |   ^\n", line->str);
  assert_string_equal (start, expected_start);
  /* in the middle: 80 bytes before the caret, 80 from it */
  g_autofree char *middle = render_at (line->str, 1, 501);
  g_autofree char *expected_middle = g_strdup_printf ("f.sml:1:501: error: bad\n 1 | ...%.160s...\n   |    %80s^\n",
                                                      line->str + 420, "");
  assert_string_equal (middle, expected_middle);
  /* at the end: cut on the left only */
  g_autofree char *end = render_at (line->str, 1, 1000);
  g_autofree char *expected_end = g_strdup_printf ("f.sml:1:1000: error: bad\n 1 | ...%.81s\n   |    %80s^\n",
                                                   line->str + 919, "");
  assert_string_equal (end, expected_end);
}

/* Control characters and bytes that are not UTF-8 are shown as <XX>, bidirectional
 * overrides as <U+XXXX>; the caret counts a column per character, tabs kept. */
static void
test_escapes (void **state)
{
  g_autofree char *ctl = render_at ("a\033[2Jb x\n", 1, 8);
  assert_string_equal (ctl, "f.sml:1:8: error: bad\n 1 | a<1b>[2Jb x\n   |           ^\n");
  g_autofree char *bad = render_at ("\xff\xfe x\n", 1, 4);
  assert_string_equal (bad, "f.sml:1:4: error: bad\n 1 | <ff><fe> x\n   |          ^\n");
  g_autofree char *bidi = render_at ("s = \"\xe2\x80\xae\"; x\n", 1, 12);
  g_autofree char *expected_bidi = g_strdup_printf ("f.sml:1:12: error: bad\n 1 | s = \"<U+202E>\"; x\n   | %16s^\n", "");
  assert_string_equal (bidi, expected_bidi);
  g_autofree char *utf8 = render_at ("caf\xc3\xa9 x\n", 1, 7);
  assert_string_equal (utf8, "f.sml:1:7: error: bad\n 1 | caf\xc3\xa9 x\n   |      ^\n");
  g_autofree char *tab = render_at ("\tx\ty\n", 1, 4);
  assert_string_equal (tab, "f.sml:1:4: error: bad\n 1 | \tx\ty\n   | \t \t^\n");
  g_autofree char *crlf = render_at ("a\r\nbc x\r\n", 2, 4);
  assert_string_equal (crlf, "f.sml:2:4: error: bad\n 2 | bc x\n   |    ^\n");
  g_autofree char *past = render_at ("ab\n", 1, 9);
  assert_string_equal (past, "f.sml:1:9: error: bad\n 1 | ab\n   |   ^\n");
  g_autofree char *none = render_at ("ab\n", 3, 1);
  assert_string_equal (none, "f.sml:3:1: error: bad\n");
}

static void
test_bom (void **state)
{
  assert_int_equal (rf_input_bom_length ("\xEF\xBB\xBFx", 4), 3);
  assert_int_equal (rf_input_bom_length ("\xEF\xBB\xBF", 3), 3);
  assert_int_equal (rf_input_bom_length ("\xEF\xBB", 2), 0);
  assert_int_equal (rf_input_bom_length ("x\xEF\xBB\xBF", 4), 0);
  assert_int_equal (rf_input_bom_length ("", 0), 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_kept),
    cmocka_unit_test (test_output_and_limit),
    cmocka_unit_test (test_stop),
    cmocka_unit_test (test_window),
    cmocka_unit_test (test_escapes),
    cmocka_unit_test (test_bom),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
