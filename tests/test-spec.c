/* test-spec: the mist `.spec` reader -- net shapes, diagnostics, and verdicts.
 *
 * Shape tests compare a whole rendering of the net read (places, initial marking,
 * transitions with their token vectors, targets) with the expected text; error tests
 * compare the whole rendered diagnostics. The end-to-end tests run the coverability
 * engine on small inputs with known verdicts and on bench files (RF_BENCH_DIR),
 * whose verdicts come from the bench's REFERENCE.tsv. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include "rf-spec.h"
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

/* Parses TEXT, which must be correct, and returns dump(). */
static char *
parse_dump (const char *text)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  if (!rf_spec_parse ("t.spec", text, diags, &net, &targets, &error))
    {
      g_autoptr (GString) out = g_string_new (NULL);
      rf_diags_render (diags, out);
      fail_msg ("unexpected errors:\n%s", out->str);
    }
  assert_null (error);
  assert_int_equal (rf_diags_n_errors (diags), 0);
  char *s = dump (net, targets);
  rf_net_free (net);
  g_ptr_array_unref (targets);
  return s;
}

/* Parses TEXT, which must fail with error CODE, and returns the rendered diagnostics. */
static char *
parse_errors (const char *text, RfInputError code)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = (RfNet *) 1;
  GPtrArray *targets = (GPtrArray *) 1;
  assert_false (rf_spec_parse ("t.spec", text, diags, &net, &targets, &error));
  assert_null (net);
  assert_null (targets);
  assert_non_null (error);
  assert_true (g_error_matches (error, RF_INPUT_ERROR, code));
  GString *out = g_string_new (NULL);
  rf_diags_render (diags, out);
  g_autofree char *count = g_strdup_printf ("%u error%s", rf_diags_n_errors (diags),
                                            rf_diags_n_errors (diags) == 1 ? "" : "s");
  assert_string_equal (error->message, count);
  return g_string_free (out, FALSE);
}

static void
test_rules (void **state)
{
  g_autofree char *got = parse_dump (
    "# guards, updates and their transitions\n"
    "vars\n"
    "  x y z w\n"
    "rules\n"
    "  x >= 2 -> x' = x - 1, y' = y + 1;\n"
    "  y >= 1, z >= 1 -> ;\n"
    "  true -> w' = w + 3;\n"
    "  x >= 1 ->\n"
    "    x' = x-3, z' = z + 0;\n"
    "  x >= 1, x >= 2 -> y' = 1 + y, x' = x;\n"
    "init\n"
    "  x = 2, y >= 1, z in [1, 4]\n"
    "target\n"
    "  x >= 2, w >= 1\n"
    "  y >= 3 , y >= 1\n"
    "  x >= 0\n");
  assert_string_equal (got,
    "places: x y z w\n"
    "initial: x*2 y*ω z*4\n"
    "t0 5:3 {x*2} -> {x, y}\n"
    "t1 6:3 {y, z} -> {y, z}\n"
    "t2 7:3 {} -> {w*3}\n"
    "t3 8:3 {x*3} -> {}\n"
    "t4 10:3 {x*2} -> {x*2, y}\n"
    "target {x*2, w}\n"
    "target {y*3}\n"
    "target {}\n"
    "invariants: 0 claimed, 0 hold\n");
}

/* Every invariant line is a claim; those that some transition breaks or that weigh an
 * omega place do not hold. */
static void
test_invariants (void **state)
{
  g_autofree char *got = parse_dump (
    "vars a b c\n"
    "rules\n"
    "  a >= 1 -> a' = a - 1, b' = b + 1;\n"
    "  b >= 1 -> b' = b - 1, a' = a + 1, c' = c + 1;\n"
    "init a = 1, b = 0, c >= 1\n"
    "target b >= 1\n"
    "invariants\n"
    "  a = 1, b = 1\n"
    "  a = 2\n"
    "  a = 1, b = 1, c = 0\n"
    "  c = 1\n");
  assert_string_equal (got,
    "places: a b c\n"
    "initial: a*1 c*ω\n"
    "t0 3:3 {a} -> {b}\n"
    "t1 4:3 {b} -> {a, c}\n"
    "target {b}\n"
    "invariants: 4 claimed, 2 hold\n");
}

static void
test_syntax_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "vars x y\n"
    "rules\n"
    "  x >= 1 -> x' = x - 1 y' = y + 1;\n"
    "  y >= 1 -> x' = x + 1;\n"
    "  x >= 1 -> ;\n"
    "  x >= 1, -> y' = y + 1;\n"
    "  y >= 1 -> x' = x + 1;\n"
    "  y >= 1 -> x = x + 1;\n"
    "init x = 1, y = 0\n"
    "target y >= 2 @\n",
    RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.spec:3:24: error: syntax error, unexpected identifier, expecting ';' or ',' or '+' or '-'\n"
    " 3 |   x >= 1 -> x' = x - 1 y' = y + 1;\n"
    "   |                        ^\n"
    "t.spec:6:11: error: syntax error, unexpected '->', expecting identifier or 'true'\n"
    " 6 |   x >= 1, -> y' = y + 1;\n"
    "   |           ^\n"
    "t.spec:8:15: error: syntax error, unexpected '=', expecting \"'\"\n"
    " 8 |   y >= 1 -> x = x + 1;\n"
    "   |               ^\n"
    "t.spec:10:15: error: stray '@' in input\n"
    " 10 | target y >= 2 @\n"
    "    |               ^\n");
}

static void
test_end_of_input (void **state)
{
  g_autofree char *got = parse_errors (
    "vars x\n"
    "rules\n"
    "init x = 1\n"
    "target\n",
    RF_INPUT_ERROR_SYNTAX);
  assert_string_equal (got,
    "t.spec:4:7: error: syntax error, unexpected end of file, expecting identifier\n"
    " 4 | target\n"
    "   |       ^\n");
}

static void
test_semantic_errors (void **state)
{
  g_autofree char *got = parse_errors (
    "vars x y x\n"
    "rules\n"
    "  x >= 1, q >= 1 -> x' = x - 1;\n"
    "  x >= 1 -> x' = x - 1, x' = x + 2;\n"
    "  x >= 99999999999 -> y' = y + 1;\n"
    "init x = 1, y = 0, z = 3, x >= 2, y in [3, 2]\n"
    "target y >= 2, r >= 1\n"
    "invariants x >= 1\n",
    RF_INPUT_ERROR_SEMANTIC);
  assert_string_equal (got,
    "t.spec:1:10: error: variable 'x' is declared twice (first at line 1)\n"
    " 1 | vars x y x\n"
    "   |          ^\n"
    "t.spec:3:11: error: unknown variable 'q'\n"
    " 3 |   x >= 1, q >= 1 -> x' = x - 1;\n"
    "   |           ^\n"
    "t.spec:4:25: error: 'x' is updated twice in this rule (first at 4:13)\n"
    " 4 |   x >= 1 -> x' = x - 1, x' = x + 2;\n"
    "   |                         ^\n"
    "t.spec:5:3: error: number 99999999999 is too large (at most 4294967295)\n"
    " 5 |   x >= 99999999999 -> y' = y + 1;\n"
    "   |   ^\n"
    "t.spec:6:20: error: unknown variable 'z'\n"
    " 6 | init x = 1, y = 0, z = 3, x >= 2, y in [3, 2]\n"
    "   |                    ^\n"
    "t.spec:6:27: error: initial value of 'x' given twice (first at 6:6)\n"
    " 6 | init x = 1, y = 0, z = 3, x >= 2, y in [3, 2]\n"
    "   |                           ^\n"
    "t.spec:6:35: error: initial value of 'y' given twice (first at 6:13)\n"
    " 6 | init x = 1, y = 0, z = 3, x >= 2, y in [3, 2]\n"
    "   |                                   ^\n"
    "t.spec:7:16: error: unknown variable 'r'\n"
    " 7 | target y >= 2, r >= 1\n"
    "   |                ^\n"
    "t.spec:8:12: error: invariant weights are written 'x = w', not 'x >= 1'\n"
    " 8 | invariants x >= 1\n"
    "   |            ^\n");
}

static void
test_unsupported (void **state)
{
  g_autofree char *got = parse_errors (
    "vars x y\n"
    "rules\n"
    "  x >= 1 -> x' = x + y, y' = 0;\n"
    "  x = 0 -> y' = y + 1;\n"
    "  x in [1, 3] -> y' = 2;\n"
    "  x >= 1 -> y' = y + y;\n"
    "  x >= 1 -> y' = x;\n"
    "init x = 1, y = 0\n"
    "target x = 1\n"
    "  y in [2, 5], x >= 1\n",
    RF_INPUT_ERROR_UNSUPPORTED);
  assert_string_equal (got,
    "t.spec:3:13: error: unsupported transfer 'x' = x + y': a Petri net cannot move or copy the tokens of 'y'\n"
    " 3 |   x >= 1 -> x' = x + y, y' = 0;\n"
    "   |             ^\n"
    "t.spec:3:25: error: unsupported reset 'y' = 0': a Petri net cannot empty a place\n"
    " 3 |   x >= 1 -> x' = x + y, y' = 0;\n"
    "   |                         ^\n"
    "t.spec:4:3: error: unsupported guard 'x = 0': a Petri net cannot test a place for zero\n"
    " 4 |   x = 0 -> y' = y + 1;\n"
    "   |   ^\n"
    "t.spec:5:3: error: unsupported guard 'x in [1, 3]': a Petri net cannot test an upper bound\n"
    " 5 |   x in [1, 3] -> y' = 2;\n"
    "   |   ^\n"
    "t.spec:5:18: error: unsupported assignment 'y' = 2': a Petri net cannot set a place to a constant\n"
    " 5 |   x in [1, 3] -> y' = 2;\n"
    "   |                  ^\n"
    "t.spec:6:13: error: unsupported update 'y' = y + y': a Petri net can only add to or take from a place"
    " (x' = x + k, x' = x - k)\n"
    " 6 |   x >= 1 -> y' = y + y;\n"
    "   |             ^\n"
    "t.spec:7:13: error: unsupported transfer 'y' = x': a Petri net cannot move or copy the tokens of 'x'\n"
    " 7 |   x >= 1 -> y' = x;\n"
    "   |             ^\n"
    "t.spec:9:8: error: unsupported target 'x = 1': a target must be upward-closed (only 'x >= k' constraints)\n"
    " 9 | target x = 1\n"
    "   |        ^\n"
    "t.spec:10:3: error: unsupported target 'y in [2, 5]': a target must be upward-closed (only 'x >= k' constraints)\n"
    " 10 |   y in [2, 5], x >= 1\n"
    "    |   ^\n");
}

static void
test_missing_file (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  assert_false (rf_spec_parse_file ("/nonexistent/x.spec", diags, &net, &targets, &error));
  assert_true (g_error_matches (error, RF_INPUT_ERROR, RF_INPUT_ERROR_IO));
  assert_string_equal (error->message, "cannot open '/nonexistent/x.spec': No such file or directory");
  assert_int_equal (rf_diags_n_errors (diags), 0);
}

/* Runs the engine on TEXT and returns its verdict (replaying an unsafe witness). */
static RfCoverVerdict
verdict_of (const char *file, const char *text)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  RfNet *net = NULL;
  GPtrArray *targets = NULL;
  gboolean ok = text ? rf_spec_parse (file, text, diags, &net, &targets, &error)
                     : rf_spec_parse_file (file, diags, &net, &targets, &error);
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

#define MUTEX_RULES                                                              \
  "vars lock idle crit\n"                                                        \
  "rules\n"                                                                      \
  "  idle >= 1, lock >= 1 -> idle' = idle - 1, lock' = lock - 1, crit' = crit + 1;\n" \
  "  crit >= 1 -> crit' = crit - 1, lock' = lock + 1, idle' = idle + 1;\n"       \
  "init lock = 1, idle >= 1, crit = 0\n"

static void
test_tiny_verdicts (void **state)
{
  /* One lock: never two threads in the critical section, but one can get there. */
  assert_int_equal (verdict_of ("mutex.spec", MUTEX_RULES "target crit >= 2\n"), RF_COVER_SAFE);
  assert_int_equal (verdict_of ("mutex.spec", MUTEX_RULES "target crit >= 1\n"), RF_COVER_UNSAFE);
  assert_int_equal (verdict_of ("mutex.spec", MUTEX_RULES "target crit >= 1, lock >= 1\n  idle >= 0, crit >= 3\n"),
                    RF_COVER_SAFE);
  /* A counter pumped from 1 reaches any height; one that needs two to start never moves. */
  assert_int_equal (verdict_of ("pump.spec", "vars x\nrules x >= 1 -> x' = x + 1;\ninit x = 1\ntarget x >= 5\n"),
                    RF_COVER_UNSAFE);
  assert_int_equal (verdict_of ("pump.spec", "vars x\nrules x >= 2 -> x' = x + 1;\ninit x = 1\ntarget x >= 5\n"),
                    RF_COVER_SAFE);
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

/* Bench instances the engine decides quickly, checked against the reference. */
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
    "mist/PN/basicME",
    "mist/boundedPN/peterson",
    "soter/unsafe_send__sending_to_non-pid__depth_0",
    "wahl-kroening/conditionals_vs_satabs.2",
  };
  for (guint i = 0; i < G_N_ELEMENTS (instances); i++)
    {
      g_autofree char *want = reference_verdict (dir, instances[i]);
      assert_non_null (want);
      g_autofree char *file = g_str_has_prefix (instances[i], "wahl-kroening/")
        ? g_build_filename (dir, instances[i], "main.spec", NULL)
        : g_strconcat (dir, "/", instances[i], ".spec", NULL);
      const char *got = rf_cover_verdict_to_string (verdict_of (file, NULL));
      if (strcmp (got, want) != 0)
        fail_msg ("%s: %s, reference %s", instances[i], got, want);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_rules),
    cmocka_unit_test (test_invariants),
    cmocka_unit_test (test_syntax_errors),
    cmocka_unit_test (test_end_of_input),
    cmocka_unit_test (test_semantic_errors),
    cmocka_unit_test (test_unsupported),
    cmocka_unit_test (test_missing_file),
    cmocka_unit_test (test_tiny_verdicts),
    cmocka_unit_test (test_bench),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
