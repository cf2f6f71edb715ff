/* test-steq: the state-equation test on small nets: its verdicts, and every
 * certificate checked against the net by hand (weights·C <= 0 on every transition,
 * total = weights·M0, the refuted marking above total). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>

#include "rf-cover.h"
#include "rf-steq.h"

#define TOK(p, c) ((RfToken){ (p), (c) })
#define TOKS(...) (const RfToken[]){ __VA_ARGS__ }, \
                  (guint) (sizeof ((const RfToken[]){ __VA_ARGS__ }) / sizeof (RfToken))

static guint
place (RfNet *net, const char *name)
{
  return rf_net_add_place (net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
}

static void
trans (RfNet *net, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post)
{
  rf_net_add_transition (net, "t", -1, RF_LOC_NONE, pre, n_pre, post, n_post, -1, -1, -1);
}

/* A line p0 <-> p1 <-> ... <-> p5 with one token on p2. */
static RfNet *
line_net (void)
{
  RfNet *net = rf_net_new ();
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *name = g_strdup_printf ("p%u", i);
      place (net, name);
    }
  for (guint i = 0; i + 1 < 6; i++)
    {
      trans (net, TOKS (TOK (i, 1)), TOKS (TOK (i + 1, 1)));
      trans (net, TOKS (TOK (i + 1, 1)), TOKS (TOK (i, 1)));
    }
  rf_net_set_initial (net, 2, 1);
  return net;
}

/* The certificate's claims, recomputed from the net. */
static void
check_certificate (const RfNet *net, const RfInvariant *cert, const RfMarking *m)
{
  assert_non_null (cert);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  const RfMarking *w = cert->weights;
  assert_true (w->n > 0);
  guint64 total = 0, wm = 0;
  for (guint i = 0; i < w->n; i++)
    {
      assert_false (omega[w->e[i].place]);
      total += (guint64) w->e[i].count * init[w->e[i].place];
      wm += (guint64) w->e[i].count * rf_marking_get (m, w->e[i].place);
    }
  assert_int_equal (cert->total, total);
  assert_true (wm > total);
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      gint64 delta = 0;
      for (guint i = 0; i < t->n_post; i++)
        delta += (gint64) rf_marking_get (w, t->post[i].place) * t->post[i].count;
      for (guint i = 0; i < t->n_pre; i++)
        delta -= (gint64) rf_marking_get (w, t->pre[i].place) * t->pre[i].count;
      assert_true (delta <= 0);
    }
}

/* One token on the line: two tokens anywhere are refuted, one anywhere is not. */
static void
test_line (void **state)
{
  g_autoptr (RfNet) net = line_net ();
  g_autoptr (RfSteq) q = rf_steq_new (net, NULL);
  RfInvariant *cert = NULL;

  g_autoptr (RfMarking) far = rf_marking_new (TOKS (TOK (0, 10), TOK (5, 10)));
  assert_false (rf_steq_may_cover (q, far, &cert));
  check_certificate (net, cert, far);
  rf_invariant_free (cert);

  g_autoptr (RfMarking) one = rf_marking_new (TOKS (TOK (5, 1)));
  assert_true (rf_steq_may_cover (q, one, &cert));
  assert_null (cert);

  /* warm-started again after a feasible program */
  g_autoptr (RfMarking) two = rf_marking_new (TOKS (TOK (1, 1), TOK (4, 1)));
  assert_false (rf_steq_may_cover (q, two, &cert));
  check_certificate (net, cert, two);
  rf_invariant_free (cert);

  /* the initial marking itself, and no certificate asked for */
  g_autoptr (RfMarking) init = rf_marking_new (TOKS (TOK (2, 1)));
  assert_true (rf_steq_may_cover (q, init, NULL));
  assert_false (rf_steq_may_cover (q, far, NULL));
  assert_true (rf_steq_n_solved (q) >= 3);
  assert_int_equal (rf_steq_n_uncertified (q), 0);
}

/* With p2 omega its row is gone: any number of tokens can be moved anywhere. */
static void
test_omega (void **state)
{
  g_autoptr (RfNet) net = line_net ();
  rf_net_set_initial_omega (net, 2);
  g_autoptr (RfSteq) q = rf_steq_new (net, NULL);
  g_autoptr (RfMarking) far = rf_marking_new (TOKS (TOK (0, 10), TOK (5, 10)));
  assert_true (rf_steq_may_cover (q, far, NULL));
}

/* The equation is only necessary: a cycle A -> B -> A + C with no token solves it
 * (fire each once) though nothing can fire; and over the rationals, A*2 -> B*2 with
 * one token on A "reaches" one token on B by firing half a time. */
static void
test_relaxation (void **state)
{
  g_autoptr (RfNet) cyc = rf_net_new ();
  guint a = place (cyc, "A"), b = place (cyc, "B"), c = place (cyc, "C");
  trans (cyc, TOKS (TOK (a, 1)), TOKS (TOK (b, 1)));
  trans (cyc, TOKS (TOK (b, 1)), TOKS (TOK (a, 1), TOK (c, 1)));
  g_autoptr (RfSteq) q = rf_steq_new (cyc, NULL);
  g_autoptr (RfMarking) mc = rf_marking_new (TOKS (TOK (c, 1)));
  assert_true (rf_steq_may_cover (q, mc, NULL));
  /* the engine still answers SAFE: neither A nor B can ever be marked */
  g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_ptr_array_add (targets, rf_marking_ref (mc));
  g_autoptr (RfCoverResult) r = rf_cover_run (cyc, targets, NULL);
  assert_int_equal (r->verdict, RF_COVER_SAFE);

  g_autoptr (RfNet) half = rf_net_new ();
  guint ha = place (half, "A"), hb = place (half, "B");
  trans (half, TOKS (TOK (ha, 2)), TOKS (TOK (hb, 2)));
  rf_net_set_initial (half, ha, 1);
  g_autoptr (RfSteq) qh = rf_steq_new (half, NULL);
  g_autoptr (RfMarking) mb = rf_marking_new (TOKS (TOK (hb, 1)));
  assert_true (rf_steq_may_cover (qh, mb, NULL));
  g_autoptr (RfMarking) mb2 = rf_marking_new (TOKS (TOK (hb, 2)));
  RfInvariant *cert = NULL;
  assert_false (rf_steq_may_cover (qh, mb2, &cert));
  check_certificate (half, cert, mb2);
  rf_invariant_free (cert);
}

/* A transition that can never fire is left out: without it the target is refuted.
 * (D -> D + B*5 leaves D's row alone, so the equation alone would fire it.) */
static void
test_live (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint a = place (net, "A"), b = place (net, "B"), dead = place (net, "D");
  trans (net, TOKS (TOK (a, 1)), TOKS (TOK (b, 1)));
  trans (net, TOKS (TOK (dead, 1)), TOKS (TOK (b, 5), TOK (dead, 1)));
  rf_net_set_initial (net, a, 1);
  g_autoptr (RfMarking) m = rf_marking_new (TOKS (TOK (b, 2)));
  g_autoptr (RfSteq) all = rf_steq_new (net, NULL);
  assert_true (rf_steq_may_cover (all, m, NULL));  /* "fire" the dead one */
  const gboolean live[] = { TRUE, FALSE };
  g_autoptr (RfSteq) some = rf_steq_new (net, live);
  RfInvariant *cert = NULL;
  assert_false (rf_steq_may_cover (some, m, &cert));
  assert_non_null (cert);
  rf_invariant_free (cert);
}

/* Resets. Drain: d: A -> B, emptying A; A holds 2. Reachable: {A*2} and {B}. The
 * program knows nothing of the reset (C is post - pre), so on the reset place A the
 * marking equation is only M(A) <= M0(A) + (C x)(A): the program still says B*2 may be
 * covered (fire d twice), which is no pruning, so no harm: the engine decides by its
 * backward search. B*3 is refuted, by y = A + B (y·C = 0, total 2): an inequality every
 * reachable marking of the reset net keeps (a reset only lowers the weighted sum). And
 * the line with a flush p2 -> p3 emptying p0 and p1: two tokens are still refuted, by
 * weights the flush does not increase. */
static void
test_resets (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint a = place (net, "A"), b = place (net, "B");
  trans (net, TOKS (TOK (a, 1)), TOKS (TOK (b, 1)));
  rf_net_set_transition_resets (net, 0, (const guint[]) { a }, 1);
  rf_net_set_initial (net, a, 2);
  g_autoptr (RfSteq) q = rf_steq_new (net, NULL);
  g_autoptr (RfMarking) b2 = rf_marking_new (TOKS (TOK (b, 2)));
  assert_true (rf_steq_may_cover (q, b2, NULL));
  g_autoptr (RfMarking) b3 = rf_marking_new (TOKS (TOK (b, 3)));
  RfInvariant *cert = NULL;
  assert_false (rf_steq_may_cover (q, b3, &cert));
  check_certificate (net, cert, b3);
  /* the inequality holds in both reachable markings */
  guint64 at_init = 2 * rf_marking_get (cert->weights, a), at_b = rf_marking_get (cert->weights, b);
  assert_true (at_init <= cert->total && at_b <= cert->total);
  rf_invariant_free (cert);
  /* the engine: B*2 is not coverable (the search shows it), B once is */
  for (guint off = 0; off < 2; off++)
    {
      RfCoverBudget budget = { .backward_only = TRUE, .no_state_equation = off };
      g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
      g_ptr_array_add (targets, rf_marking_ref (b2));
      g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
      assert_int_equal (r->verdict, RF_COVER_SAFE);
      g_ptr_array_set_size (targets, 0);
      g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (b, 1))));
      g_autoptr (RfCoverResult) r1 = rf_cover_run (net, targets, &budget);
      assert_int_equal (r1->verdict, RF_COVER_UNSAFE);
    }

  g_autoptr (RfNet) line = line_net ();
  trans (line, TOKS (TOK (2, 1)), TOKS (TOK (3, 1)));
  rf_net_set_transition_resets (line, rf_net_n_transitions (line) - 1, (const guint[]) { 0, 1 }, 2);
  g_autoptr (RfSteq) ql = rf_steq_new (line, NULL);
  g_autoptr (RfMarking) far = rf_marking_new (TOKS (TOK (0, 1), TOK (5, 1)));
  assert_false (rf_steq_may_cover (ql, far, &cert));
  check_certificate (line, cert, far);
  rf_invariant_free (cert);
}

/* The engine with the equation on refutes the line's target before any round and
 * counts it; with it off, the backward search needs rounds to decide. */
static void
test_engine (void **state)
{
  g_autoptr (RfNet) net = line_net ();
  g_autoptr (GPtrArray) targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_ptr_array_add (targets, rf_marking_new (TOKS (TOK (0, 2), TOK (5, 2))));
  RfCoverBudget on = { .backward_only = TRUE };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &on);
  assert_int_equal (r->verdict, RF_COVER_SAFE);
  assert_int_equal (r->stats.conf, 0);
  assert_int_equal (r->stats.steq_pruned, 1);
  assert_int_equal (r->stats.steq_lps, 1);
  assert_int_equal (r->stats.steq_learned, 1);

  RfCoverBudget off = { .backward_only = TRUE, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) r0 = rf_cover_run (net, targets, &off);
  assert_int_equal (r0->verdict, RF_COVER_SAFE);
  assert_true (r0->stats.conf > 0);
  assert_int_equal (r0->stats.steq_pruned, 0);
  assert_int_equal (r0->stats.steq_lps, 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_line),
    cmocka_unit_test (test_omega),
    cmocka_unit_test (test_relaxation),
    cmocka_unit_test (test_live),
    cmocka_unit_test (test_engine),
    cmocka_unit_test (test_resets),
  };
  return cmocka_run_group_tests_name ("steq", tests, NULL, NULL);
}
