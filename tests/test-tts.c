/* test-tts: the bfc `.tts` + `.prop` reader -- net shapes, diagnostics, property
 * file lookup, and verdicts.
 *
 * Shape tests compare a whole rendering of the net read with the expected text;
 * error tests compare the whole rendered diagnostics. The end-to-end tests run the
 * coverability engine on small systems with known verdicts and on bench files
 * (RF_BENCH_DIR), whose verdicts come from the bench's REFERENCE.tsv. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>
#include <string.h>
#include "rf-tts.h"
#include "rf-cover.h"

/* The net and targets as text: places, initial marking (omega places as name*ω),
 * transitions "label line:col pre -> post", targets, invariants claimed and holding. */
static char *
dump (const RfNet *net, GPtrArray *targets)
{
  GString *out = g_string_new ("places:");
  guint np = rf_net_n_places (net);
  for (guint p = 0; p < np; p++)
    g_string_append_printf (out, " %s", rf_net_get_place (net, p)->name);
  g_string_append (out, "\ninitial:");
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint p = 0; p < np; p++)
    if (omega[p])
      g_string_append_printf (out, " %s*ω", rf_net_get_place (net, p)->name);
    else if (init[p] > 0)
      g_string_append_printf (out, " %s*%u", rf_net_get_place (net, p)->name, init[p]);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < rf_net_n_transitions (net); i++)
    {
      const RfTransition *t = rf_net_get_transition (net, i);
      g_autoptr (RfMarking) pre = rf_marking_new (t->pre, t->n_pre);
      g_autoptr (RfMarking) post = rf_marking_new (t->post, t->n_post);
      g_autofree char *a = rf_net_marking_to_string (net, pre);
      g_autofree char *b = rf_net_marking_to_string (net, post);
      g_string_append_printf (out, "%s %u:%u %s -> %s\n", t->label, t->loc.line, t->loc.col, a, b);
    }
  for (guint i = 0; i < targets->len; i++)
    {
      g_autofree char *m = rf_net_marking_to_string (net, g_ptr_array_index (targets, i));
      g_string_append_printf (out, "target %s\n", m);
    }
  g_autoptr (GPtrArray) held = rf_net_check_invariants (net);
  g_string_append_printf (out, "invariants: %u claimed, %u hold\n", rf_net_n_invariants (net), held->len);
  return g_string_free (out, FALSE);
}

static char *
parse_dump (const char *text, const char *prop)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  if (!rf_tts_parse ("t.tts", text, NULL, prop, diags, &net, &targets, &error))
    {
      g_autoptr (GString) out = g_string_new (NULL);
      rf_diags_render (diags, out);
      fail_msg ("unexpected errors:\n%s", out->str);
    }
  assert_int_equal (rf_diags_n_errors (diags), 0);
  char *s = dump (net, targets);
  rf_net_free (net);
  g_ptr_array_unref (targets);
  return s;
}

/* Parses TEXT and PROP (may be NULL), which must fail with CODE; returns the
 * rendered diagnostics. */
static char *
parse_errors (const char *text, const char *prop, RfInputError code)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = (RfNet *) 1;
  GPtrArray *targets = (GPtrArray *) 1;
  assert_false (rf_tts_parse ("t.tts", text, "t.prop", prop, diags, &net, &targets, &error));
  assert_null (net);
  assert_null (targets);
  assert_true (g_error_matches (error, RF_INPUT_ERROR, code));
  GString *out = g_string_new (NULL);
  rf_diags_render (diags, out);
  return g_string_free (out, FALSE);
}

static void
test_shape (void **state)
{
  g_autofree char *got = parse_dump (
    "3 4\n"
    "0 0 -> 1 2\n"
    "\n"
    "# a spawn: the thread stays in 2, a new one starts in 3\n"
    "1 2 +> 2 3   # trailing comment\r\n"
    "\t2  3->0 3\n"
    "2 3 -> 2 3\n",
    "2|3,3,1\n"
    "\n"
    "0|\n");
  assert_string_equal (got,
    "places: s0 s1 s2 l0 l1 l2 l3\n"
    "initial: s0*1 l0*ω\n"
    "0 0 -> 1 2 2:1 {s0, l0} -> {s1, l2}\n"
    "1 2 +> 2 3 5:1 {s1, l2} -> {s2, l2, l3}\n"
    "2 3 -> 0 3 6:2 {s2, l3} -> {s0, l3}\n"
    "2 3 -> 2 3 7:1 {s2, l3} -> {s2, l3}\n"
    "target {s2, l1, l3*2}\n"
    "target {s0}\n"
    "invariants: 1 claimed, 1 hold\n");
}

static void
test_syntax_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "2 2\n"
    "0 0 => 1 1\n"
    "0 0 -> 1\n"
    "0 x -> 1 1\n"
    "0 0 -> 1 1 1\n"
    "0 1 -> 1 0\n",
    "1|0,\n"
    "1 0\n",
    RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.tts:2:5: error: syntax error: expected '->', '+>' or '~>', found '='\n"
    " 2 | 0 0 => 1 1\n"
    "   |     ^\n"
    "t.tts:3:9: error: syntax error: expected a local state, found end of line\n"
    " 3 | 0 0 -> 1\n"
    "   |         ^\n"
    "t.tts:4:3: error: syntax error: expected a local state, found 'x'\n"
    " 4 | 0 x -> 1 1\n"
    "   |   ^\n"
    "t.tts:5:12: error: syntax error: expected the end of the line, found '1'\n"
    " 5 | 0 0 -> 1 1 1\n"
    "   |            ^\n"
    "t.prop:1:5: error: syntax error: expected a local state, found end of line\n"
    " 1 | 1|0,\n"
    "   |     ^\n"
    "t.prop:2:3: error: syntax error: expected '|', found '0'\n"
    " 2 | 1 0\n"
    "   |   ^\n");
}

static void
test_bad_header (void **state)
{
  g_autofree char *got = parse_errors ("# nothing but a comment\n\n", "0|0\n", RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.tts:3:1: error: syntax error: expected the header 'S L' (numbers of shared and local states), found end of file\n");
  g_autofree char *got2 = parse_errors ("0 3\n0 0 -> 0 0\n", "0|0\n", RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got2,
    "t.tts:1:1: error: the header must declare at least one shared and one local state\n"
    " 1 | 0 3\n"
    "   | ^\n");
  /* a number too big for 64 bits is read as the largest one: added to the other, it
   * wrapped round to a small sum and 4 294 967 295 places were made (found by
   * tools/fuzz, tests/fuzz/regressions/tts/header_wraps.tts) */
  g_autofree char *got3 = parse_errors ("99999999999999999999999 15\n", "0|0\n", RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got3,
    "t.tts:1:1: error: too many states (18446744073709551615 + 15; at most 4000000 in all)\n"
    " 1 | 99999999999999999999999 15\n"
    "   | ^\n");
}

static void
test_bad_state (void **state)
{
  g_autofree char *got = parse_errors (
    "2 3\n"
    "0 3 -> 2 0\n"
    "1 2 +> 1 2\n",
    "2|0\n"
    "1|2,5\n",
    RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got,
    "t.tts:2:3: error: local state 3 is out of range (the header declares 3: 0..2)\n"
    " 2 | 0 3 -> 2 0\n"
    "   |   ^\n"
    "t.tts:2:8: error: shared state 2 is out of range (the header declares 2: 0..1)\n"
    " 2 | 0 3 -> 2 0\n"
    "   |        ^\n"
    "t.prop:1:1: error: shared state 2 is out of range (the header declares 2: 0..1)\n"
    " 1 | 2|0\n"
    "   | ^\n"
    "t.prop:2:5: error: local state 5 is out of range (the header declares 3: 0..2)\n"
    " 2 | 1|2,5\n"
    "   |     ^\n");
}

static void
test_transfer (void **state)
{
  g_autofree char *got = parse_errors (
    "2 2\n"
    "0 0 -> 1 0\n"
    "1 0 ~> 0 1\n",
    "0|1\n",
    RF_INPUT_ERROR_UNSUPPORTED);
  assert_string_equal (got,
    "t.tts:3:5: error: unsupported transfer '~>': moving every thread of a local state at once is not a "
    "Petri-net rule\n"
    " 3 | 1 0 ~> 0 1\n"
    "   |     ^\n");
}

static void
test_missing_prop (void **state)
{
  g_autofree char *got = parse_errors ("1 1\n", NULL, RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got, "t.tts: error: no property file given (the target is missing)\n");
  g_autofree char *got2 = parse_errors ("1 1\n", "# no target\n", RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got2, "t.prop: error: no target in the property file\n");

  g_autofree char *dir = g_dir_make_tmp ("test-tts-XXXXXX", NULL);
  assert_non_null (dir);
  g_autofree char *tts = g_build_filename (dir, "a.tts", NULL);
  assert_true (g_file_set_contents (tts, "1 1\n0 0 -> 0 0\n", -1, NULL));
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  assert_false (rf_tts_parse_files (tts, NULL, diags, &net, &targets, &error));
  assert_true (g_error_matches (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO));
  assert_string_equal (error->message, "1 error");
  g_autoptr (GString) out = g_string_new (NULL);
  rf_diags_render (diags, out);
  g_autofree char *want = g_strdup_printf ("%s: error: cannot read property file '%s/a.prop': "
                                           "No such file or directory\n", tts, dir);
  assert_string_equal (out->str, want);
  g_unlink (tts);
  g_rmdir (dir);
}

/* FILE.prop when it exists (X.spec.tts.prop), else FILE with .tts -> .prop. */
static void
test_default_prop (void **state)
{
  g_autofree char *dir = g_dir_make_tmp ("test-tts-XXXXXX", NULL);
  assert_non_null (dir);
  g_autofree char *a = g_build_filename (dir, "main.tts", NULL);
  g_autofree char *a_prop = g_build_filename (dir, "main.prop", NULL);
  g_autofree char *b = g_build_filename (dir, "x.spec.tts", NULL);
  g_autofree char *b_prop = g_build_filename (dir, "x.spec.tts.prop", NULL);
  g_autofree char *got_a = rf_tts_default_prop_file (a);
  assert_string_equal (got_a, a_prop);
  assert_true (g_file_set_contents (b_prop, "0|0\n", -1, NULL));
  g_autofree char *got_b = rf_tts_default_prop_file (b);
  assert_string_equal (got_b, b_prop);
  g_autofree char *got_c = rf_tts_default_prop_file ("/x/net");
  assert_string_equal (got_c, "/x/net.prop");

  assert_true (g_file_set_contents (a, "1 2\n0 0 -> 0 1\n", -1, NULL));
  assert_true (g_file_set_contents (a_prop, "0|1,1\n", -1, NULL));
  assert_true (g_file_set_contents (b, "1 2\n0 0 -> 0 1\n", -1, NULL));
  const char *files[] = { a, b };
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (RfDiags) diags = rf_diags_new ();
      RfNet *net = NULL;
      GPtrArray *targets = NULL;
      assert_true (rf_tts_parse_files (files[i], NULL, diags, &net, &targets, NULL));
      g_autofree char *m = rf_net_marking_to_string (net, g_ptr_array_index (targets, 0));
      assert_string_equal (m, i == 0 ? "{s0, l1*2}" : "{s0, l0}");
      rf_net_free (net);
      g_ptr_array_unref (targets);
    }
  g_unlink (a);
  g_unlink (a_prop);
  g_unlink (b);
  g_unlink (b_prop);
  g_rmdir (dir);
}

/* Runs the engine on a system (TEXT/PROP, or files when TEXT is NULL) and returns
 * its verdict, replaying an unsafe witness. */
static RfCoverVerdict
verdict_of (const char *file, const char *text, const char *prop)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = text ? rf_tts_parse (file, text, NULL, prop, diags, &net, &targets, &error)
                     : rf_tts_parse_files (file, NULL, diags, &net, &targets, &error);
  if (!ok)
    {
      g_autoptr (GString) out = g_string_new (NULL);
      rf_diags_render (diags, out);
      fail_msg ("%s: %s\n%s", file, error->message, out->str);
    }
  RfCoverBudget budget = { 0, 20.0 };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
  if (r->verdict == RF_COVER_UNSAFE)
    {
      g_autoptr (GError) replay = NULL;
      if (!rf_witness_replay (net, r->witness, g_ptr_array_index (targets, r->witness->target), &replay))
        fail_msg ("%s: witness does not replay: %s", file, replay->message);
    }
  rf_net_free (net);
  g_ptr_array_unref (targets);
  return r->verdict;
}

/* Shared 0 = lock free, 1 = taken; local 0 = idle, 1 = critical. */
#define LOCK_TTS "2 2\n0 0 -> 1 1\n1 1 -> 0 0\n"

static void
test_tiny_verdicts (void **state)
{
  assert_int_equal (verdict_of ("lock.tts", LOCK_TTS, "1|1,1\n"), RF_COVER_SAFE);
  assert_int_equal (verdict_of ("lock.tts", LOCK_TTS, "1|1\n"), RF_COVER_UNSAFE);
  assert_int_equal (verdict_of ("lock.tts", LOCK_TTS, "0|1\n1|1,1\n"), RF_COVER_SAFE);
  /* Threads only appear by spawning: one thread in 1 spawns threads in 2. */
  const char *spawn = "1 3\n0 0 -> 0 1\n0 1 +> 0 2\n";
  assert_int_equal (verdict_of ("spawn.tts", spawn, "0|2,2,2\n"), RF_COVER_UNSAFE);
  assert_int_equal (verdict_of ("spawn.tts", "1 3\n0 1 +> 0 2\n", "0|2\n"), RF_COVER_SAFE);
}

/* The consensus verdict of INSTANCE in REFERENCE.tsv, or NULL. Owned. */
static char *
reference_verdict (const char *dir, const char *instance)
{
  g_autofree char *path = g_build_filename (dir, "REFERENCE.tsv", NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, NULL))
    return NULL;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      g_auto (GStrv) cols = g_strsplit (lines[i], "\t", 3);
      if (cols[0] && cols[1] && strcmp (cols[0], instance) == 0)
        return g_strdup (cols[1]);
    }
  return NULL;
}

/* Wahl-Kroening instances the engine decides quickly, read from main.tts and
 * main.prop, checked against the reference. */
static void
test_bench (void **state)
{
  const char *dir = g_getenv ("RF_BENCH_DIR");
  /* skip () leaves the function by longjmp: nothing may be owned when it runs. */
  char *probe = dir ? g_build_filename (dir, "REFERENCE.tsv", NULL) : NULL;
  gboolean present = probe && g_file_test (probe, G_FILE_TEST_EXISTS);
  g_free (probe);
  if (!present)
    {
      print_message ("skipped: no benchmark suite (RF_BENCH_DIR=%s)\n", dir ? dir : "");
      skip ();
    }
  static const char *const instances[] = {
    "wahl-kroening/Boop_simple_vf_satabs.1",
    "wahl-kroening/conditionals_vs_satabs.2",
    "wahl-kroening/rand_cas_vs_satabs.2",
  };
  for (guint i = 0; i < G_N_ELEMENTS (instances); i++)
    {
      g_autofree char *want = reference_verdict (dir, instances[i]);
      assert_non_null (want);
      g_autofree char *file = g_build_filename (dir, instances[i], "main.tts", NULL);
      const char *got = rf_cover_verdict_to_string (verdict_of (file, NULL, NULL));
      if (strcmp (got, want) != 0)
        fail_msg ("%s: %s, reference %s", instances[i], got, want);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_shape),
    cmocka_unit_test (test_syntax_errors),
    cmocka_unit_test (test_bad_header),
    cmocka_unit_test (test_bad_state),
    cmocka_unit_test (test_transfer),
    cmocka_unit_test (test_missing_prop),
    cmocka_unit_test (test_default_prop),
    cmocka_unit_test (test_tiny_verdicts),
    cmocka_unit_test (test_bench),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
