/* test-deadlock: the deadlock queries of rf-deadlock.h on small models, one rule each:
 * the lock-order graph has an edge only where a thread may hold one mutex and waits at a
 * blocking lock for another (a trylock never waits); one query per elementary cycle, each
 * once; a relock, an unlock not held, an end holding, a condition waited on with two
 * mutexes are asked only where the hold analysis allows them; the analysis does not follow
 * a thread past a relock of a mutex no one gives back unheld; a witness is confirmed by
 * replaying who holds what, and a gate lock makes the cycle unreachable; blocking under a
 * spinlock is asked where a blocking move may start holding it; a lost wake-up is shown
 * only for a waiter that made no choice, with POSIX's signals (lost with nobody waiting)
 * and broadcasts (every waiter woken). */
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

/* The model of TEXT, with the lock named SPIN (or none, NULL) a spinlock. */
static Model *
model_new_spin (const char *text, const char *spin)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  Model *m = g_new0 (Model, 1);
  m->prog = rf_sml_parse ("t.sml", text, diags, &error);
  assert_non_null (m->prog);
  if (spin)
    {
      gint v = rf_program_lookup_var (m->prog, spin);
      assert_true (v >= 0);
      rf_program_set_spin (m->prog, (guint) v);
    }
  m->net = rf_netbuild (m->prog);
  m->queries = rf_deadlock_queries (m->prog, m->net, TRUE, TRUE, &m->unchecked);
  return m;
}

static Model *
model_new (const char *text)
{
  return model_new_spin (text, NULL);
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

/* The verdict of the first query of KIND; *WHY (may be NULL) gets why it is unknown (or
 * NULL), owned. */
static RfDeadlockStatus
decide_why (const Model *m, RfDeadlockKind kind, char **why)
{
  for (guint i = 0; i < m->queries->len; i++)
    {
      const RfDeadlockQuery *q = g_ptr_array_index (m->queries, i);
      if (q->kind != kind)
        continue;
      RfDeadlockVerdict *v = rf_deadlock_check (m->prog, m->net, q, NULL);
      RfDeadlockStatus s = v->status;
      if (why)
        *why = g_strdup (v->why);
      if (s == RF_DEADLOCK_FOUND)
        assert_int_equal (v->threads->len, q->locks->len);
      rf_deadlock_verdict_free (v);
      return s;
    }
  fail_msg ("no query of that kind");
  return RF_DEADLOCK_UNKNOWN;
}

static RfDeadlockStatus
decide (const Model *m, RfDeadlockKind kind)
{
  return decide_why (m, kind, NULL);
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
test_spin_block (void **state)
{
  (void) state;
  /* a take (a blocking semaphore wait) while holding spinlock s: asked and shown */
  const char *held = "lock s; sem q; main { post q; } thread w [2] { acquire s; take q; release s; }\n";
  Model *m = model_new_spin (held, "s");
  assert_int_equal (count (m, RF_DEADLOCK_SPIN_BLOCK, NULL), 1);
  assert_int_equal (decide (m, RF_DEADLOCK_SPIN_BLOCK), RF_DEADLOCK_FOUND);
  model_free (m);
  /* the same lock as a mutex: no question */
  m = model_new (held);
  assert_int_equal (count (m, RF_DEADLOCK_SPIN_BLOCK, NULL), 0);
  model_free (m);
  /* the take after the release, and a nested spinlock (spinning is no blocking) */
  m = model_new_spin ("lock s; lock t; sem q; main { post q; }\n"
                      "thread w [2] { acquire t; acquire s; release s; release t; take q; }\n", "s");
  rf_program_set_spin (m->prog, (guint) rf_program_lookup_var (m->prog, "t"));
  rf_net_free (m->net);
  g_ptr_array_unref (m->queries);
  m->net = rf_netbuild (m->prog);
  m->queries = rf_deadlock_queries (m->prog, m->net, TRUE, TRUE, &m->unchecked);
  assert_int_equal (count (m, RF_DEADLOCK_SPIN_BLOCK, NULL), 0);
  model_free (m);
}

static void
test_lost_wakeup (void **state)
{
  (void) state;
  /* the signal may come before main waits: lost */
  Model *m = model_new ("lock m; cond c;\n"
                        "main { create t; acquire m; wait c, m; release m; }\n"
                        "thread t { acquire m; signal c; release m; }\n");
  const char *name = NULL;
  assert_int_equal (count (m, RF_DEADLOCK_LOST_WAKEUP, &name), 1);
  assert_string_equal (name, "c");
  assert_int_equal (decide (m, RF_DEADLOCK_LOST_WAKEUP), RF_DEADLOCK_FOUND);
  model_free (m);
  /* main holds m when it creates t, which can signal only once main waits */
  m = model_new ("lock m; cond c;\n"
                 "main { acquire m; create t; wait c, m; release m; }\n"
                 "thread t { acquire m; signal c; release m; }\n");
  char *why = NULL;
  assert_int_equal (decide_why (m, RF_DEADLOCK_LOST_WAKEUP, &why), RF_DEADLOCK_UNKNOWN);
  assert_non_null (strstr (why, "no run leaves a thread waiting"));
  g_free (why);
  model_free (m);
  /* a wait chosen by a test the model does not follow: not shown */
  m = model_new ("lock m; cond c;\n"
                 "main { create t; acquire m; while (*) { wait c, m; } release m; }\n"
                 "thread t { acquire m; signal c; release m; }\n");
  assert_int_equal (decide_why (m, RF_DEADLOCK_LOST_WAKEUP, &why), RF_DEADLOCK_UNKNOWN);
  assert_non_null (strstr (why, "choice the model does not follow"));
  g_free (why);
  model_free (m);
  /* a broadcast once both waiters wait wakes both (the net alone could wake one) */
  m = model_new ("lock m; cond c; sem in;\n"
                 "main { take in; take in; acquire m; broadcast c; release m; }\n"
                 "thread w [2] { acquire m; post in; wait c, m; release m; }\n");
  assert_int_equal (decide_why (m, RF_DEADLOCK_LOST_WAKEUP, &why), RF_DEADLOCK_UNKNOWN);
  assert_non_null (strstr (why, "no run leaves a thread waiting"));
  g_free (why);
  model_free (m);
  /* a semaphore waited on twice, posted once */
  m = model_new ("sem s;\n"
                 "main { create t; take s; take s; }\n"
                 "thread t { post s; }\n");
  assert_int_equal (decide (m, RF_DEADLOCK_LOST_WAKEUP), RF_DEADLOCK_FOUND);
  model_free (m);
  /* threads that start at any time: not asked */
  m = model_new ("lock m; cond c;\n"
                 "thread a [*] { acquire m; wait c, m; release m; }\n"
                 "thread b [*] { acquire m; signal c; release m; }\n");
  assert_int_equal (count (m, RF_DEADLOCK_LOST_WAKEUP, NULL), 0);
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
      /* a shown-only question is never proved */
      assert_true (info->shown_only || strstr (info->proved, "(proved)") != NULL);
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
    cmocka_unit_test (test_spin_block),
    cmocka_unit_test (test_lost_wakeup),
    cmocka_unit_test (test_kind_table),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
