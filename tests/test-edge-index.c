/* test-edge-index: a job's edges by node (rf-edge-index) agree with a scan of all its
 * edges, on every job of the example models and of C test programs: each row lists
 * exactly the edges leaving (entering) its node, ascending. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "rf-driver.h"
#include "rf-edge-index.h"

static const char *examples_dir;
static const char *c_dir;

/* Every row of JOB's index against a scan. */
static void
check_job (const RfJob *job)
{
  g_autoptr (RfEdgeIndex) x = rf_edge_index_new (job);
  guint total_out = 0, total_in = 0;
  for (guint n = 0; n < job->nodes->len; n++)
    for (guint dir = 0; dir < 2; dir++)
      {
        guint k;
        const guint *row = dir ? rf_edge_index_in (x, n, &k) : rf_edge_index_out (x, n, &k);
        guint seen = 0;
        for (guint i = 0; i < job->edges->len; i++)
          {
            const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
            if ((dir ? e->to : e->from) != n)
              continue;
            assert_true (seen < k);
            assert_int_equal (row[seen], i);   /* the same edges, ascending */
            seen++;
          }
        assert_int_equal (seen, k);
        *(dir ? &total_in : &total_out) += k;
      }
  assert_int_equal (total_out, job->edges->len);
  assert_int_equal (total_in, job->edges->len);
}

static void
check_file (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  const char *files[] = { path, NULL };
  g_autoptr (RfCheckResult) res = rf_check_result_new (files);
  assert_true (rf_driver_load (res, RF_DRIVER_PROGRAM, NULL, NULL));
  const RfProgram *prog = rf_check_result_get_program (res);
  assert_true (rf_program_n_jobs (prog) > 0);
  for (guint j = 0; j < rf_program_n_jobs (prog); j++)
    check_job (rf_program_get_job (prog, j));
}

static void
test_examples (void **state)
{
  const char *names[] = { "counter.sml", "counter_with_lock.sml", "prods_cons.sml", "check_then_act_lock.sml", NULL };
  for (guint i = 0; names[i]; i++)
    check_file (examples_dir, names[i]);
}

static void
test_c_programs (void **state)
{
  const char *names[] = { "condvar.c", "rwlock.c", "join_all_partial_break.c", "stack_helpers.c", NULL };
  for (guint i = 0; names[i]; i++)
    check_file (c_dir, names[i]);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_examples),
    cmocka_unit_test (test_c_programs),
  };
  examples_dir = g_getenv ("RF_EXAMPLES_DIR");
  if (!examples_dir)
    examples_dir = "examples";
  c_dir = g_getenv ("RF_C_PROGRAMS_DIR");
  if (!c_dir)
    c_dir = "tests/c-programs";
  return cmocka_run_group_tests (tests, NULL, NULL);
}
