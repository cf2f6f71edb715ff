/* test-driver: the registry of front ends (which files each reads, what it produces,
 * the errors for a wrong number or kind of files), and runs that fill a check result:
 * the source texts the front end read, verdicts handed on as each is decided (and the
 * check stopped when asked), racing accesses worked out once, a coverability check. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rf-driver.h"

static const char *examples_dir;
static const char *tests_dir;

/* Every extension belongs to one front end; .i is C. */
static void
test_registry (void **state)
{
  (void) state;
  const RfFrontEnd *const *all = rf_driver_front_ends ();
  guint n = 0;
  for (; all[n]; n++)
    assert_non_null (all[n]->extensions[0]);
  assert_int_equal (n, 4);
  assert_string_equal (rf_driver_front_end_for ("a.sml", RF_DRIVER_PROGRAM)->name, "sml");
  assert_string_equal (rf_driver_front_end_for ("dir/a.c", RF_DRIVER_PROGRAM)->name, "c");
  assert_string_equal (rf_driver_front_end_for ("a.i", RF_DRIVER_PROGRAM)->name, "c");
  assert_string_equal (rf_driver_front_end_for ("a.spec", RF_DRIVER_NET)->name, "spec");
  assert_string_equal (rf_driver_front_end_for ("a.tts", RF_DRIVER_NET)->name, "tts");
  assert_true (rf_driver_front_end_for ("a.c", RF_DRIVER_PROGRAM)->several);
  assert_false (rf_driver_front_end_for ("a.sml", RF_DRIVER_PROGRAM)->several);
  /* a front end of the other product is no answer */
  assert_null (rf_driver_front_end_for ("a.spec", RF_DRIVER_PROGRAM));
  assert_null (rf_driver_front_end_for ("a.c", RF_DRIVER_NET));
  assert_null (rf_driver_front_end_for ("README.md", RF_DRIVER_PROGRAM));
}

/* The message of rf_driver_choose's error for FILES, or "" when it chooses. Owned. */
static char *
choose_error (RfDriverProduct product, ...)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  va_list ap;
  va_start (ap, product);
  for (const char *f = va_arg (ap, const char *); f; f = va_arg (ap, const char *))
    g_ptr_array_add (files, (gpointer) f);
  va_end (ap);
  g_ptr_array_add (files, NULL);
  g_autoptr (GError) error = NULL;
  const RfFrontEnd *fe = rf_driver_choose ((const char *const *) files->pdata, product, &error);
  assert_true ((fe == NULL) == (error != NULL));
  return g_strdup (fe ? "" : error->message);
}

/* Several C files (.c and .i) are one input; anything else is one file. */
static void
test_choose (void **state)
{
  (void) state;
  struct { char *got; const char *want; } cases[] = {
    { choose_error (RF_DRIVER_PROGRAM, NULL), "missing input file" },
    { choose_error (RF_DRIVER_PROGRAM, "a.sml", NULL), "" },
    { choose_error (RF_DRIVER_PROGRAM, "a.c", "b.c", "c.i", NULL), "" },
    { choose_error (RF_DRIVER_PROGRAM, "a.c", "b.sml", NULL), "too many input files" },
    { choose_error (RF_DRIVER_PROGRAM, "a.sml", "b.sml", NULL), "too many input files" },
    { choose_error (RF_DRIVER_PROGRAM, "README.md", NULL), "README.md: unsupported input (expected a .sml model file)" },
    { choose_error (RF_DRIVER_PROGRAM, "n.spec", NULL), "n.spec: unsupported input (expected a .sml model file)" },
    { choose_error (RF_DRIVER_NET, "n.tts", NULL), "" },
    { choose_error (RF_DRIVER_NET, "a.c", NULL), "a.c: unsupported input (expected a .spec or .tts net)" },
    { choose_error (RF_DRIVER_NET, "a.c", "b.c", NULL), "too many input files" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      assert_string_equal (cases[i].got, cases[i].want);
      g_free (cases[i].got);
    }
}

/* A result for the one file DIR/NAME. */
static RfCheckResult *
result_for (const char *dir, const char *name)
{
  g_autofree char *file = g_build_filename (dir, name, NULL);
  const char *inputs[] = { file, NULL };
  return rf_check_result_new (inputs);
}

/* Counts the verdicts handed on, and stops after *data of them (0: never). */
typedef struct {
  guint seen;
  guint stop_after;
  guint n_in_result;   /* verdicts in the result when the last one was handed on */
} Seen;

static gboolean
count_verdict (const RfCheckResult *res, const RfRaceVerdict *rv, gpointer data)
{
  Seen *s = data;
  s->seen++;
  s->n_in_result = rf_check_result_get_verdicts (res)->len;
  assert_ptr_equal (g_ptr_array_index (rf_check_result_get_verdicts (res), s->n_in_result - 1), rv);
  return s->stop_after == 0 || s->seen < s->stop_after;
}

/* A race check: the source text is the one the front end read, every verdict is in
 * the result when handed on, and a race comes with its racing accesses. */
static void
test_check_races (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (examples_dir, "counter.sml");
  g_autoptr (GError) error = NULL;
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, &error));
  const char *file = rf_check_result_get_inputs (res)[0];
  g_autofree char *text = NULL;
  assert_true (g_file_get_contents (file, &text, NULL, NULL));
  gsize len = 0;
  const char *why = "?";
  assert_string_equal (rf_check_result_lookup_source (res, file, &len, &why), text);
  assert_int_equal (len, strlen (text));
  assert_null (why);
  assert_null (rf_check_result_lookup_source (res, "elsewhere.sml", NULL, &why));
  assert_null (why);
  /* a file no front end read: its text or why there is none, as recorded */
  rf_check_result_add_source (res, "elsewhere.sml", NULL, 0, "cannot open 'elsewhere.sml': gone");
  assert_null (rf_check_result_lookup_source (res, "elsewhere.sml", NULL, &why));
  assert_string_equal (why, "cannot open 'elsewhere.sml': gone");
  rf_check_result_add_source (res, file, "other", 5, NULL);   /* the front end's text stays */
  assert_string_equal (rf_check_result_lookup_source (res, file, NULL, NULL), text);
  assert_null (rf_check_result_get_net (res));

  Seen seen = { 0 };
  assert_true (rf_driver_check_races (res, NULL, count_verdict, &seen));
  assert_non_null (rf_check_result_get_net (res));
  assert_int_equal (seen.seen, 1);
  assert_int_equal (seen.n_in_result, 1);
  const RfRaceVerdict *rv = g_ptr_array_index (rf_check_result_get_verdicts (res), 0);
  assert_int_equal (rv->result->verdict, RF_COVER_UNSAFE);
  /* T2 writes, T3 reads (see check-counter.golden): the write leads */
  assert_int_equal (rv->sites->len, 2);
  assert_int_equal (rv->lead, 0);
  assert_true (g_array_index (rv->sites, RfRaceSite, 0).write);
  assert_int_equal (rv->notes->len, 0);
  guint n_race, n_free, n_unknown;
  rf_check_result_count (res, &n_race, &n_free, &n_unknown);
  assert_int_equal (n_race * 100 + n_free * 10 + n_unknown, 100);
}

/* The callback stops the check: the variables after are not searched. */
static void
test_check_races_stop (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (examples_dir, "prods_cons.sml");
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, NULL));
  Seen seen = { 0, 1, 0 };
  assert_false (rf_driver_check_races (res, NULL, count_verdict, &seen));
  assert_int_equal (seen.seen, 1);
  assert_int_equal (rf_check_result_get_verdicts (res)->len, 1);
}

/* A front end's errors stay in the result's diagnostics. */
static void
test_load_error (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (tests_dir, "sml-errors/undeclared.sml");
  g_autoptr (GError) error = NULL;
  assert_false (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, &error));
  assert_true (error->domain == RF_INPUT_ERROR);
  assert_true (rf_diags_n_errors (rf_check_result_get_diags (res)) > 0);
  assert_null (rf_check_result_get_program (res));
}

/* A net input: the net and its targets, then the coverability result, whose witness
 * the engine replayed. */
static void
test_check_cover (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (tests_dir, "nets/racy.spec");
  assert_true (rf_driver_load (res, RF_DRIVER_NET, NULL, NULL));
  assert_null (rf_check_result_get_program (res));
  GPtrArray *targets = rf_check_result_get_targets (res);
  assert_int_equal (targets->len, 1);
  rf_driver_check_cover (res, NULL);
  const RfCoverResult *r = rf_check_result_get_cover (res);
  assert_int_equal (r->verdict, RF_COVER_UNSAFE);
  assert_true (rf_witness_replay (rf_check_result_get_net (res), r->witness,
                                  g_ptr_array_index (targets, r->witness->target), NULL));
  assert_int_equal (rf_check_result_get_verdicts (res)->len, 0);
}

/* Files the program names that no front end read (a system header declaring a shared
 * variable) are read by rf_driver_read_sources, once, for the reports that list them. */
static void
test_read_sources (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (tests_dir, "c-programs/argv_strings.c");
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, NULL));
  const RfProgram *prog = rf_check_result_get_program (res);
  gint v = rf_program_lookup_var (prog, "optind");
  assert_true (v >= 0);
  const char *header = rf_program_get_var (prog, v)->loc.file;
  assert_non_null (header);
  assert_null (rf_check_result_lookup_source (res, header, NULL, NULL));
  rf_driver_build_net (res);
  rf_driver_read_sources (res);
  g_autofree char *text = NULL;
  gsize len = 0;
  assert_true (g_file_get_contents (header, &text, &len, NULL));
  gsize got = 0;
  assert_memory_equal (rf_check_result_lookup_source (res, header, &got, NULL), text, len);
  assert_int_equal (got, len);
}

/* A file that is not a regular file is never read: a line directive may put the
 * program in /dev/zero, which does not end. */
static void
test_read_sources_device (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (tests_dir, "c-programs/line_device.c");
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, NULL));
  rf_driver_build_net (res);
  rf_driver_read_sources (res);
  const char *why = NULL;
  assert_null (rf_check_result_lookup_source (res, "/dev/zero", NULL, &why));
  assert_string_equal (why, "cannot read '/dev/zero': not a regular file");
}

/* A .i file is read as C (preprocessed again by cpp, which reads it), with its line
 * markers: the same program as the .c file it came from. */
static void
test_preprocessed (void **state)
{
  (void) state;
  g_autoptr (RfCheckResult) res = result_for (tests_dir, "c-preprocessed/counter.i");
  g_autoptr (GError) error = NULL;
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, &error));
  const RfProgram *prog = rf_check_result_get_program (res);
  gint v = rf_program_lookup_var (prog, "counter");
  assert_true (v >= 0);
  assert_string_equal (rf_program_get_var (prog, v)->loc.file, "tests/c-programs/counter.c");
  assert_int_equal (rf_program_get_var (prog, v)->loc.line, 5);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_registry),
    cmocka_unit_test (test_choose),
    cmocka_unit_test (test_check_races),
    cmocka_unit_test (test_check_races_stop),
    cmocka_unit_test (test_load_error),
    cmocka_unit_test (test_check_cover),
    cmocka_unit_test (test_read_sources),
    cmocka_unit_test (test_read_sources_device),
    cmocka_unit_test (test_preprocessed),
  };
  examples_dir = g_getenv ("RF_EXAMPLES_DIR");
  if (!examples_dir)
    examples_dir = "examples";
  tests_dir = g_getenv ("RF_TESTS_DIR");
  if (!tests_dir)
    tests_dir = "tests";
  return cmocka_run_group_tests (tests, NULL, NULL);
}
