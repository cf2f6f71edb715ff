/* test-slice: the slice of a net for one variable keeps exactly what rf-slice.h's rules
 * name, on a program with one job type per rule:
 *
 *   main { create a; create b; }            creation path to a (not to b)
 *   thread a {                              reaches the accesses of x
 *     create d;                             d never reaches x: its entry is left out
 *     acquire m;                            lock before the access: kept (rule 2)
 *     read y;                               another variable: one step (rule 5)
 *     wait c, m;                            condition variable before the access
 *     write x;                              the access (rule 1)
 *     release m;                            end of the critical section (rule 3)
 *     write y;                              after it, m not held: left out
 *   }
 *   thread b { acquire n; write y; release n; }   only y: left out
 *   thread d { goto done; read y; write x; done: skip; }   dead access: left out
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "rf-netbuild.h"
#include "rf-slice.h"
#include "rf-sml.h"

static const char *program =
  "shared x, y;\n"
  "lock m, n;\n"
  "cond c;\n"
  "main {\n"
  "  create a;\n"
  "  create b;\n"
  "}\n"
  "thread a {\n"
  "  create d;\n"
  "  acquire m;\n"
  "  read y;\n"
  "  wait c, m;\n"
  "  write x;\n"
  "  release m;\n"
  "  write y;\n"
  "}\n"
  "thread b {\n"
  "  acquire n;\n"
  "  write y;\n"
  "  release n;\n"
  "}\n"
  "thread d {\n"
  "  goto done;\n"
  "  read y;\n"
  "  write x;\n"
  "  done: skip;\n"
  "}\n";

typedef struct {
  RfProgram *prog;
  RfNet *net;
} Fixture;

static int
setup (void **state)
{
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  Fixture *f = g_new0 (Fixture, 1);
  f->prog = rf_sml_parse ("slice.sml", program, diags, &error);
  assert_non_null (f->prog);
  f->net = rf_netbuild (f->prog);
  *state = f;
  return 0;
}

static int
teardown (void **state)
{
  Fixture *f = *state;
  rf_net_free (f->net);
  rf_program_free (f->prog);
  g_free (f);
  return 0;
}

static guint
var_id (const Fixture *f, const char *name)
{
  gint v = rf_program_lookup_var (f->prog, name);
  assert_true (v >= 0);
  return v;
}

static guint
place (const Fixture *f, const char *name)
{
  gint p = rf_net_lookup_place (f->net, name);
  if (p < 0)
    fail_msg ("no place %s", name);
  return p;
}

/* The transition of job JOB labelled LABEL (the first, in id order). */
static guint
transition (const Fixture *f, const char *job, const char *label)
{
  gint j = rf_program_lookup_job (f->prog, job);
  for (guint t = 0; t < rf_net_n_transitions (f->net); t++)
    {
      const RfTransition *tr = rf_net_get_transition (f->net, t);
      if (tr->job == j && strcmp (tr->label, label) == 0)
        return t;
    }
  fail_msg ("no transition '%s' in %s", label, job);
  return 0;
}

static void
test_slice_keeps_access_paths (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));

  /* Rule 1: the accesses of x that a thread can make. */
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "write x (begin)")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "write x (end)")));
  assert_true (rf_net_slice_has_place (s, place (f, "Write_x")));
  /* x is never read: Read_x has no kept transition and is left out. */
  assert_false (rf_net_slice_has_place (s, place (f, "Read_x")));

  /* Rule 2: the creation path from main and everything a does before the access. */
  assert_true (rf_net_slice_has_transition (s, transition (f, "main", "create a")));
  assert_true (rf_net_slice_has_place (s, place (f, "main@5")));
  assert_true (rf_net_slice_has_place (s, place (f, "a@9")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "acquire m")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "wait c, m (release m)")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "wake up on signal c")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "wake up spuriously")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "wait c, m (reacquire m)")));
  assert_true (rf_net_slice_has_place (s, place (f, "m")));
  assert_true (rf_net_slice_has_place (s, place (f, "Sig_c")));
  /* main's next step creates b, which never reaches x: the place after create a is
   * drawn (where main goes), create b is not. */
  assert_true (rf_net_slice_has_place (s, place (f, "main@6")));
  assert_false (rf_net_slice_has_transition (s, transition (f, "main", "create b")));
}

static void
test_slice_critical_section (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));

  /* Rule 3: m is held at the write: its release is kept, and the place after it. */
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "release m")));
  assert_true (rf_net_slice_has_place (s, place (f, "a@15")));
  /* After the release no lock is held: write y is left out. */
  assert_false (rf_net_slice_has_transition (s, transition (f, "a", "write y (begin)")));
  assert_false (rf_net_slice_has_place (s, place (f, "a@16")));
}

static void
test_slice_drops_unrelated (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));

  /* b touches only y and n. */
  for (guint t = 0; t < rf_net_n_transitions (f->net); t++)
    if (rf_net_get_transition (f->net, t)->job == rf_program_lookup_job (f->prog, "b"))
      assert_false (rf_net_slice_has_transition (s, t));
  assert_false (rf_net_slice_has_place (s, place (f, "n")));
  assert_false (rf_net_slice_has_place (s, place (f, "Read_y")));
  assert_false (rf_net_slice_has_place (s, place (f, "Write_y")));
  /* d's write of x is dead code (the net still has a place after the dead read y,
   * where it starts); d is created but never reaches x. */
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "create d")));
  assert_false (rf_net_slice_has_place (s, place (f, "d@23")));
  assert_false (rf_net_slice_has_place (s, place (f, "d@25")));
  assert_false (rf_net_slice_has_transition (s, transition (f, "d", "write x (begin)")));
}

static void
test_slice_shortcut (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));
  guint begin = transition (f, "a", "read y (begin)"), end = transition (f, "a", "read y (end)");
  guint mid = place (f, "a@11:reading y");

  /* Rule 5: read y is one step from a@11 to the place after it, a@12. */
  assert_true (rf_net_slice_has_transition (s, begin));
  assert_false (rf_net_slice_has_transition (s, end));
  assert_false (rf_net_slice_has_place (s, mid));
  assert_int_equal (rf_net_slice_get_shortcut (s, begin), place (f, "a@12"));
  assert_int_equal (rf_net_slice_get_shortcut (s, end), -1);
  assert_int_equal (rf_net_slice_get_shortcut (s, transition (f, "a", "acquire m")), -1);

  /* A witness that fires the end draws the access as two steps again. */
  rf_net_slice_add_transition (s, f->net, end);
  assert_true (rf_net_slice_has_transition (s, end));
  assert_true (rf_net_slice_has_place (s, mid));
  assert_int_equal (rf_net_slice_get_shortcut (s, begin), -1);
}

static void
test_slice_add_transition (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));
  guint t = transition (f, "main", "create b");

  /* A transition added for a witness comes with its control and sync places, but not
   * with another variable's access places. */
  rf_net_slice_add_transition (s, f->net, t);
  assert_true (rf_net_slice_has_transition (s, t));
  assert_true (rf_net_slice_has_place (s, place (f, "main@7")));
  assert_true (rf_net_slice_has_place (s, place (f, "b@18")));   /* the created entry */
  rf_net_slice_add_transition (s, f->net, transition (f, "b", "acquire n"));
  assert_true (rf_net_slice_has_place (s, place (f, "n")));
  rf_net_slice_add_transition (s, f->net, transition (f, "b", "write y (begin)"));
  assert_false (rf_net_slice_has_place (s, place (f, "Write_y")));
}

static void
test_slice_other_variable (void **state)
{
  Fixture *f = *state;
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "y"));

  /* y is written by a (after m is released) and by b: both job types and both
   * creation steps of main are kept; b's critical section on n too. */
  assert_true (rf_net_slice_has_transition (s, transition (f, "main", "create a")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "main", "create b")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "a", "write y (begin)")));
  assert_true (rf_net_slice_has_transition (s, transition (f, "b", "release n")));
  assert_true (rf_net_slice_has_place (s, place (f, "Read_y")));
  assert_true (rf_net_slice_has_place (s, place (f, "Write_y")));
  /* The write of x lies on a's path to write y: it becomes one step. */
  guint wx = transition (f, "a", "write x (begin)");
  assert_true (rf_net_slice_has_transition (s, wx));
  assert_int_equal (rf_net_slice_get_shortcut (s, wx), place (f, "a@14"));
  assert_false (rf_net_slice_has_place (s, place (f, "Write_x")));
}

/* Resets count as touching: a transition that empties Write_x is an access of x (rule
 * 1), and the lock it empties is drawn with it (rule 4). */
static void
test_slice_resets (void **state)
{
  Fixture *f = *state;
  guint t = transition (f, "main", "create b");
  rf_net_set_transition_resets (f->net, t, (const guint[]) { place (f, "n"), place (f, "Write_x") }, 2);
  g_autoptr (RfNetSlice) s = rf_net_slice_new (f->net, var_id (f, "x"));
  assert_true (rf_net_slice_has_transition (s, t));
  assert_true (rf_net_slice_has_place (s, place (f, "n")));
  assert_true (rf_net_slice_has_place (s, place (f, "main@7")));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_slice_keeps_access_paths, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_critical_section, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_drops_unrelated, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_shortcut, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_add_transition, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_other_variable, setup, teardown),
    cmocka_unit_test_setup_teardown (test_slice_resets, setup, teardown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
