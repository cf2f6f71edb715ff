/* test-examples: the paper's Table 1 programs give the paper's verdicts, and every race
 * witness replays, checked by hand with the oracle's own firing code, and its
 * interleaving follows threads consistently; a race found on a focused net is shown on
 * the whole net. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "oracle.h"
#include "rf-netbuild.h"
#include "rf-race.h"
#include "rf-sml.h"

typedef struct {
  const char *file;
  const char *var;
  RfCoverVerdict expected;
} Expect;

/* Table 1 of the paper: Counter and CheckThenAct race, the others are race-free. */
static const Expect table1[] = {
  { "counter.sml", "counter", RF_COVER_UNSAFE },
  { "counter_with_lock.sml", "counter", RF_COVER_SAFE },
  { "check_then_act.sml", "flag", RF_COVER_UNSAFE },
  { "check_then_act_lock.sml", "flag", RF_COVER_SAFE },
  { "prods_cons.sml", "buffer", RF_COVER_SAFE },
  { "prods_cons.sml", "count", RF_COVER_SAFE },
  { "prods_cons_2.sml", "buffer", RF_COVER_SAFE },
  { "prods_cons_2.sml", "count", RF_COVER_SAFE },
  { "lock_read_write_only.sml", "data", RF_COVER_SAFE },
};

/* Replays W by hand and checks the final marking races on VAR. */
static void
check_witness (const RfNet *net, const RfRaceVerdict *rv)
{
  const RfWitness *w = rv->result->witness;
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_new0 (guint32, np);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint p = 0; p < np; p++)
    if (!omega[p])
      assert_int_equal (dense[p], init[p]);
  for (guint i = 0; i < w->steps->len; i++)
    assert_true (oracle_fire (net, g_array_index (w->steps, guint, i), dense));
  gint r = rf_net_find_var_place (net, RF_PLACE_READ, rv->var);
  gint wr = rf_net_find_var_place (net, RF_PLACE_WRITE, rv->var);
  assert_true (dense[wr] >= 2 || (dense[wr] >= 1 && dense[r] >= 1));

  /* The interleaving names a thread for every step of a job type, and each thread's
   * steps are consecutive moves: the next step leaves the place the previous reached. */
  const RfInterleaving *il = rv->interleaving;
  assert_int_equal (il->steps->len, w->steps->len);
  g_autoptr (GHashTable) at = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < il->steps->len; i++)
    {
      const RfThreadStep *s = &g_array_index (il->steps, RfThreadStep, i);
      const RfTransition *t = rf_net_get_transition (net, s->transition);
      assert_true (s->thread > 0);
      gpointer where;
      if (g_hash_table_lookup_extended (at, GUINT_TO_POINTER (s->thread), NULL, &where))
        assert_int_equal (GPOINTER_TO_INT (where), t->pc_from);
      g_hash_table_insert (at, GUINT_TO_POINTER (s->thread), GINT_TO_POINTER (t->pc_to));
    }
}

static void
test_table1 (void **state)
{
  const char *dir = g_getenv ("RF_EXAMPLES_DIR");
  assert_non_null (dir);
  for (guint i = 0; i < G_N_ELEMENTS (table1); i++)
    {
      g_autofree char *path = g_build_filename (dir, table1[i].file, NULL);
      g_autoptr (RfDiags) diags = rf_diags_new ();
      g_autoptr (GError) error = NULL;
      g_autoptr (RfProgram) prog = rf_sml_parse_file (path, diags, &error);
      assert_non_null (prog);
      g_autoptr (RfNet) net = rf_netbuild (prog);
      g_autoptr (GPtrArray) verdicts = rf_race_check (prog, net, NULL, TRUE);
      gboolean seen = FALSE;
      for (guint k = 0; k < verdicts->len; k++)
        {
          const RfRaceVerdict *rv = g_ptr_array_index (verdicts, k);
          if (g_strcmp0 (rv->name, table1[i].var) != 0)
            continue;
          seen = TRUE;
          if (rv->result->verdict != table1[i].expected)
            fail_msg ("%s: %s is %s, the paper says %s", table1[i].file, rv->name,
                      rf_cover_verdict_to_string (rv->result->verdict),
                      rf_cover_verdict_to_string (table1[i].expected));
          if (rv->result->verdict == RF_COVER_UNSAFE)
            check_witness (net, rv);
        }
      assert_true (seen);
    }
}

/* The net focused on x (rf_netbuild_focus) has no places for y and fewer places than
 * the whole net; the race on x it finds is carried over to the whole net: its witness
 * there passes the folded accesses to y (the thread reads and writes y before it writes x) and
 * replays; y's verdict (race-free under m) is the same either way. */
static void
test_focus (void **state)
{
  static const char text[] =
    "shared x; shared y; lock m;\n"
    "main { while (*) { create w; } }\n"
    "thread w { acquire m; read y; write y; release m; write x; }\n";
  g_autoptr (RfDiags) diags = rf_diags_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (RfProgram) prog = rf_sml_parse ("focus.sml", text, diags, &error);
  assert_non_null (prog);
  g_autoptr (RfNet) net = rf_netbuild (prog);
  guint x = G_MAXUINT, y = G_MAXUINT;
  for (guint v = 0; v < rf_program_n_vars (prog); v++)
    {
      if (g_strcmp0 (rf_program_get_var (prog, v)->name, "x") == 0)
        x = v;
      if (g_strcmp0 (rf_program_get_var (prog, v)->name, "y") == 0)
        y = v;
    }
  g_autoptr (RfNet) fx = rf_netbuild_focus (prog, x);
  assert_true (rf_net_find_var_place (fx, RF_PLACE_READ, (gint) x) >= 0);
  assert_int_equal (rf_net_find_var_place (fx, RF_PLACE_READ, (gint) y), -1);
  assert_int_equal (rf_net_find_var_place (fx, RF_PLACE_WRITE, (gint) y), -1);
  assert_true (rf_net_n_places (fx) < rf_net_n_places (net));

  g_autoptr (GPtrArray) focused = rf_race_check (prog, net, NULL, TRUE);
  g_autoptr (GPtrArray) whole = rf_race_check (prog, net, NULL, FALSE);
  assert_int_equal (focused->len, whole->len);
  for (guint k = 0; k < focused->len; k++)
    {
      const RfRaceVerdict *f = g_ptr_array_index (focused, k), *w = g_ptr_array_index (whole, k);
      assert_int_equal (f->result->verdict, w->result->verdict);
      assert_int_equal (w->focus_places, 0);
      if (f->var != x)
        continue;
      assert_int_equal (f->result->verdict, RF_COVER_UNSAFE);
      assert_true (f->focus_places > 0);
      check_witness (net, f);
      gint ry = rf_net_find_var_place (net, RF_PLACE_READ, (gint) y);
      gboolean passes_y = FALSE;
      for (guint i = 0; i < f->result->witness->steps->len; i++)
        {
          const RfTransition *t = rf_net_get_transition (net, g_array_index (f->result->witness->steps, guint, i));
          for (guint j = 0; j < t->n_post; j++)
            passes_y |= (gint) t->post[j].place == ry;
        }
      assert_true (passes_y);
    }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_table1),
    cmocka_unit_test (test_focus),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
