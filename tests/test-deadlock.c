/* test-deadlock: the deadlock queries of rf-deadlock.h on small models, one rule each:
 * the lock-order graph has an edge only where a thread may hold one mutex and waits at a
 * blocking lock for another (a trylock never waits); one query per elementary cycle, each
 * once; a relock, an unlock not held, an end holding, a condition waited on with two
 * mutexes are asked only where the hold analysis allows them; the analysis does not follow
 * a thread past a relock of a mutex no one gives back unheld; a witness is confirmed by
 * replaying who holds what, and a gate lock makes the cycle unreachable. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rf-deadlock.h"
#include "rf-netbuild.h"
#include "rf-sml.h"

typedef struct {
  RfProgram *prog;
  RfNet *net;
  GPtrArray *queries;
  guint unchecked;
} Model;

static Model *
model_new (const char *text)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  Model *m = g_new0 (Model, 1);
  m->prog = rf_sml_parse ("t.sml", text, diags, &error);
  assert_non_null (m->prog);
  m->net = rf_netbuild (m->prog);
  m->queries = rf_deadlock_queries (m->prog, m->net, TRUE, TRUE, &m->unchecked);
  return m;
}

static void
model_free (Model *m)
{
  g_ptr_array_unref (m->queries);
  rf_net_free (m->net);
  rf_program_free (m->prog);
  g_free (m);
}

/* How many queries of KIND M has; *NAME (may be NULL) gets the first one's name. */
static guint
count (const Model *m, RfDeadlockKind kind, const char **name)
{
  guint n = 0;
  for (guint i = 0; i < m->queries->len; i++)
    {
      const RfDeadlockQuery *q = g_ptr_array_index (m->queries, i);
      if (q->kind != kind)
        continue;
      if (n++ == 0 && name)
        *name = q->name;
    }
  return n;
}

/* The verdict of the first query of KIND. */
static RfDeadlockStatus
decide (const Model *m, RfDeadlockKind kind)
{
  for (guint i = 0; i < m->queries->len; i++)
    {
      const RfDeadlockQuery *q = g_ptr_array_index (m->queries, i);
      if (q->kind != kind)
        continue;
      RfDeadlockVerdict *v = rf_deadlock_check (m->prog, m->net, q, NULL);
      RfDeadlockStatus s = v->status;
      if (s == RF_DEADLOCK_FOUND)
        assert_int_equal (v->threads->len, q->locks->len);
      rf_deadlock_verdict_free (v);
      return s;
    }
  fail_msg ("no query of that kind");
  return RF_DEADLOCK_UNKNOWN;
}

static const char inversion[] =
  "lock a; lock b;\n"
  "thread ab [*] { acquire a; acquire b; release b; release a; }\n"
  "thread ba [*] { acquire b; acquire a; release a; release b; }\n";

static void
test_two_lock_cycle (void **state)
{
  (void) state;
  Model *m = model_new (inversion);
  const char *name = NULL;
  assert_int_equal (count (m, RF_DEADLOCK_CYCLE, &name), 1);
  assert_string_equal (name, "a -> b -> a");
  assert_int_equal (count (m, RF_DEADLOCK_RELOCK, NULL), 0);
  assert_int_equal (count (m, RF_DEADLOCK_UNHELD, NULL), 0);
  assert_int_equal (count (m, RF_DEADLOCK_END_HOLDING, NULL), 0);
  assert_int_equal (m->unchecked, 0);
  assert_int_equal (decide (m, RF_DEADLOCK_CYCLE), RF_DEADLOCK_FOUND);
  model_free (m);
}

static void
test_gate_proves (void **state)
{
  (void) state;
  Model *m = model_new ("lock g; lock a; lock b;\n"
                        "thread ab [*] { acquire g; acquire a; acquire b; release b; release a; release g; }\n"
                        "thread ba [*] { acquire g; acquire b; acquire a; release a; release b; release g; }\n");
  assert_int_equal (count (m, RF_DEADLOCK_CYCLE, NULL), 1);
  assert_int_equal (decide (m, RF_DEADLOCK_CYCLE), RF_DEADLOCK_FREE);
  model_free (m);
}

static void
test_one_order_no_cycle (void **state)
{
  (void) state;
  Model *m = model_new ("lock a; lock b;\n"
                        "thread ab [*] { acquire a; acquire b; release b; release a; }\n");
  assert_int_equal (m->queries->len, 0);
  model_free (m);
}

static void
test_three_cycle_once (void **state)
{
  (void) state;
  Model *m = model_new ("lock a; lock b; lock c;\n"
                        "thread x [*] { acquire a; acquire b; release b; release a; }\n"
                        "thread y [*] { acquire b; acquire c; release c; release b; }\n"
                        "thread z [*] { acquire c; acquire a; release a; release c; }\n");
  const char *name = NULL;
  assert_int_equal (count (m, RF_DEADLOCK_CYCLE, &name), 1);
  assert_string_equal (name, "a -> b -> c -> a");
  assert_int_equal (decide (m, RF_DEADLOCK_CYCLE), RF_DEADLOCK_FOUND);
  model_free (m);
}

static void
test_relock_then_stuck (void **state)
{
  (void) state;
  /* the relock waits for ever: the end after it is never reached holding m */
  Model *m = model_new ("lock m;\n"
                        "thread w [*] { acquire m; acquire m; release m; release m; }\n");
  assert_int_equal (count (m, RF_DEADLOCK_RELOCK, NULL), 1);
  assert_int_equal (count (m, RF_DEADLOCK_END_HOLDING, NULL), 0);
  assert_int_equal (decide (m, RF_DEADLOCK_RELOCK), RF_DEADLOCK_FOUND);
  model_free (m);
}

static void
test_unheld_and_end (void **state)
{
  (void) state;
  Model *m = model_new ("lock m; lock n;\n"
                        "thread w [*] { release m; acquire n; }\n");
  assert_int_equal (count (m, RF_DEADLOCK_UNHELD, NULL), 1);
  assert_int_equal (decide (m, RF_DEADLOCK_UNHELD), RF_DEADLOCK_FOUND);
  /* n is never unlocked: not asked (a mutex taken for good) */
  assert_int_equal (count (m, RF_DEADLOCK_END_HOLDING, NULL), 0);
  model_free (m);
  m = model_new ("lock m;\n"
                 "thread w [*] { acquire m; if (*) { release m; } }\n");
  assert_int_equal (count (m, RF_DEADLOCK_END_HOLDING, NULL), 1);
  assert_int_equal (decide (m, RF_DEADLOCK_END_HOLDING), RF_DEADLOCK_FOUND);
  model_free (m);
}

static void
test_condition_two_mutexes (void **state)
{
  (void) state;
  Model *m = model_new ("lock m1; lock m2; cond c;\n"
                        "thread a [*] { acquire m1; wait c, m1; release m1; }\n"
                        "thread b [*] { acquire m2; wait c, m2; release m2; }\n");
  const char *name = NULL;
  assert_int_equal (count (m, RF_DEADLOCK_COND_MUTEXES, &name), 1);
  assert_string_equal (name, "c with m1 and m2");
  assert_int_equal (decide (m, RF_DEADLOCK_COND_MUTEXES), RF_DEADLOCK_FOUND);
  model_free (m);
}

static void
test_kind_table (void **state)
{
  (void) state;
  for (RfDeadlockKind k = 0; k < RF_DEADLOCK_N_KINDS; k++)
    {
      const RfDeadlockKindInfo *info = rf_deadlock_kind_info (k);
      assert_int_equal (info->kind, k);
      assert_non_null (info->question);
      assert_non_null (strstr (info->proved, "(proved)"));
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_two_lock_cycle),
    cmocka_unit_test (test_gate_proves),
    cmocka_unit_test (test_one_order_no_cycle),
    cmocka_unit_test (test_three_cycle_once),
    cmocka_unit_test (test_relock_then_stuck),
    cmocka_unit_test (test_unheld_and_end),
    cmocka_unit_test (test_condition_two_mutexes),
    cmocka_unit_test (test_kind_table),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
