/* test-cover: the backward coverability engine on small hand-built nets with known answers. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib.h>

#include <string.h>

#include "rf-certify.h"
#include "rf-cover.h"
#include "rf-report-cert.h"
#include "oracle.h"

#define TOK(p, c) ((RfToken){ (p), (c) })
#define TOKS(...) (const RfToken[]){ __VA_ARGS__ }, \
                  (guint) (sizeof ((const RfToken[]){ __VA_ARGS__ }) / sizeof (RfToken))
#define NO_TOKS NULL, 0

static guint
place (RfNet *net, const char *name)
{
  return rf_net_add_place (net, name, RF_PLACE_PLAIN, -1, -1, RF_LOC_NONE);
}

static guint
trans (RfNet *net, const char *label, const RfToken *pre, guint n_pre,
       const RfToken *post, guint n_post)
{
  return rf_net_add_transition (net, label, -1, RF_LOC_NONE, pre, n_pre, post, n_post, -1, -1, -1);
}

/* A target list of one marking. */
static GPtrArray *
targets1 (RfMarking *m)
{
  GPtrArray *t = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_ptr_array_add (t, m);
  return t;
}

/* Checks R is UNSAFE with a witness that replays through the engine and by hand, that
 * its initial marking agrees with the net's on non-omega places, and returns its length. */
static guint
check_unsafe (const RfNet *net, GPtrArray *targets, const RfCoverResult *r)
{
  g_autoptr (GError) error = NULL;

  assert_non_null (r);
  assert_int_equal (r->verdict, RF_COVER_UNSAFE);
  assert_non_null (r->witness);
  const RfWitness *w = r->witness;
  assert_true (w->target < targets->len);
  assert_non_null (w->initial);
  assert_non_null (w->final);
  assert_non_null (w->steps);
  const RfMarking *target = g_ptr_array_index (targets, w->target);
  gboolean ok = rf_witness_replay (net, w, target, &error);
  if (!ok)
    print_error ("replay: %s\n", error ? error->message : "(no error set)");
  assert_true (ok);

  guint n = rf_net_n_places (net);
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autofree guint32 *d = g_new0 (guint32, n);
  for (guint i = 0; i < w->initial->n; i++)
    {
      assert_true (w->initial->e[i].place < n);
      d[w->initial->e[i].place] = w->initial->e[i].count;
    }
  for (guint p = 0; p < n; p++)
    if (!(omega && omega[p]))
      assert_int_equal (d[p], init[p]);
  for (guint i = 0; i < w->steps->len; i++)
    {
      guint t = g_array_index (w->steps, guint, i);
      assert_true (t < rf_net_n_transitions (net));
      assert_true (oracle_fire (net, t, d));
    }
  assert_true (oracle_covers (d, target));
  for (guint p = 0; p < n; p++)
    assert_int_equal (rf_marking_get (w->final, p), d[p]);
  assert_true (w->final->n == 0 || w->final->e[w->final->n - 1].place < n);
  return w->steps->len;
}

static void
check_safe (const RfCoverResult *r)
{
  assert_non_null (r);
  assert_int_equal (r->verdict, RF_COVER_SAFE);
  assert_null (r->witness);
}

/* Mutex: idle*2 + lock; enter: idle + lock -> cs; leave: cs -> idle + lock.
 * Without the lock place, enter: idle -> cs. */
static RfNet *
mutex_net (gboolean with_lock, gboolean omega_threads, guint *cs)
{
  RfNet *net = rf_net_new ();
  guint idle = place (net, "idle");
  *cs = place (net, "cs");
  if (with_lock)
    {
      guint lock = place (net, "lock");
      trans (net, "enter", TOKS (TOK (idle, 1), TOK (lock, 1)), TOKS (TOK (*cs, 1)));
      trans (net, "leave", TOKS (TOK (*cs, 1)), TOKS (TOK (idle, 1), TOK (lock, 1)));
      rf_net_set_initial (net, lock, 1);
    }
  else
    {
      trans (net, "enter", TOKS (TOK (idle, 1)), TOKS (TOK (*cs, 1)));
      trans (net, "leave", TOKS (TOK (*cs, 1)), TOKS (TOK (idle, 1)));
    }
  if (omega_threads)
    rf_net_set_initial_omega (net, idle);
  else
    rf_net_set_initial (net, idle, 2);
  return net;
}

static void
test_mutex_safe (void **state)
{
  guint cs;
  g_autoptr (RfNet) net = mutex_net (TRUE, FALSE, &cs);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (cs, 2))));
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, NULL);
  check_safe (r);

  /* one thread in the critical section is reachable, in one step */
  g_autoptr (GPtrArray) one = targets1 (rf_marking_new (TOKS (TOK (cs, 1))));
  g_autoptr (RfCoverResult) r1 = rf_cover_run (net, one, NULL);
  assert_int_equal (check_unsafe (net, one, r1), 1);
}

static void
test_mutex_unsafe (void **state)
{
  guint cs;
  g_autoptr (RfNet) net = mutex_net (FALSE, FALSE, &cs);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (cs, 2))));
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, NULL);
  assert_int_equal (check_unsafe (net, targets, r), 2);
  for (guint i = 0; i < 2; i++)
    assert_string_equal (rf_net_get_transition (net, g_array_index (r->witness->steps, guint, i))->label,
                         "enter");

  /* three in the critical section need a third thread */
  g_autoptr (GPtrArray) three = targets1 (rf_marking_new (TOKS (TOK (cs, 3))));
  g_autoptr (RfCoverResult) r3 = rf_cover_run (net, three, NULL);
  check_safe (r3);
}

static void
test_generator (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint p = place (net, "p");
  guint q = place (net, "q");
  trans (net, "gen", NO_TOKS, TOKS (TOK (p, 1)));
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (p, 4))));
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, NULL);
  assert_int_equal (check_unsafe (net, targets, r), 4);

  /* q is never marked */
  g_autoptr (GPtrArray) tq = targets1 (rf_marking_new (TOKS (TOK (p, 1), TOK (q, 1))));
  g_autoptr (RfCoverResult) rq = rf_cover_run (net, tq, NULL);
  check_safe (rq);

  /* a weighted generator: gen2: -> 2 p, then 2 p -> q; target q*2 needs 2 gen2 + 2 conv
   * (or gen steps: 4 tokens from gen, but gen2 is shorter) */
  g_autoptr (RfNet) net2 = rf_net_new ();
  guint a = place (net2, "a");
  guint b = place (net2, "b");
  trans (net2, "gen2", NO_TOKS, TOKS (TOK (a, 2)));
  trans (net2, "conv", TOKS (TOK (a, 2)), TOKS (TOK (b, 1)));
  g_autoptr (GPtrArray) tb = targets1 (rf_marking_new (TOKS (TOK (b, 2))));
  g_autoptr (RfCoverResult) rb = rf_cover_run (net2, tb, NULL);
  assert_int_equal (check_unsafe (net2, tb, rb), 4);
}

static void
test_omega (void **state)
{
  /* many threads, with a lock: still mutual exclusion */
  guint cs;
  g_autoptr (RfNet) safe_net = mutex_net (TRUE, TRUE, &cs);
  g_autoptr (GPtrArray) t2 = targets1 (rf_marking_new (TOKS (TOK (cs, 2))));
  g_autoptr (RfCoverResult) rs = rf_cover_run (safe_net, t2, NULL);
  check_safe (rs);

  /* many threads, no lock: 5 can be in the critical section at once */
  g_autoptr (RfNet) unsafe_net = mutex_net (FALSE, TRUE, &cs);
  g_autoptr (GPtrArray) t5 = targets1 (rf_marking_new (TOKS (TOK (cs, 5))));
  g_autoptr (RfCoverResult) ru = rf_cover_run (unsafe_net, t5, NULL);
  assert_int_equal (check_unsafe (unsafe_net, t5, ru), 5);
  assert_true (rf_marking_get (ru->witness->initial, 0) >= 5);

  /* A omega; t: A -> B; u: 2 B -> C; target C*2: 4 t and 2 u, every witness */
  g_autoptr (RfNet) net = rf_net_new ();
  guint pa = place (net, "A");
  guint pb = place (net, "B");
  guint pc = place (net, "C");
  trans (net, "t", TOKS (TOK (pa, 1)), TOKS (TOK (pb, 1)));
  trans (net, "u", TOKS (TOK (pb, 2)), TOKS (TOK (pc, 1)));
  rf_net_set_initial_omega (net, pa);
  g_autoptr (GPtrArray) tc = targets1 (rf_marking_new (TOKS (TOK (pc, 2))));
  g_autoptr (RfCoverResult) rc = rf_cover_run (net, tc, NULL);
  assert_int_equal (check_unsafe (net, tc, rc), 6);
  assert_true (rf_marking_get (rc->witness->initial, pa) >= 4);
  /* the oracle agrees once the omega place holds that many tokens */
  guint32 init[3] = { rf_marking_get (rc->witness->initial, pa), 0, 0 };
  g_autoptr (OracleResult) o = oracle_run (net, init, tc, 16, 0);
  assert_int_equal (o->verdict, ORACLE_COVERED);
  assert_int_equal (o->steps->len, 6);

  /* an omega place nothing consumes from does not help: D omega, target C */
  g_autoptr (RfNet) net2 = rf_net_new ();
  guint d = place (net2, "D");
  guint e = place (net2, "E");
  guint c2 = place (net2, "C");
  trans (net2, "t", TOKS (TOK (e, 1)), TOKS (TOK (c2, 1)));
  rf_net_set_initial_omega (net2, d);
  g_autoptr (GPtrArray) tc2 = targets1 (rf_marking_new (TOKS (TOK (c2, 1))));
  g_autoptr (RfCoverResult) rc2 = rf_cover_run (net2, tc2, NULL);
  check_safe (rc2);
  /* but a target on the omega place itself is covered at once */
  g_autoptr (GPtrArray) td = targets1 (rf_marking_new (TOKS (TOK (d, 7))));
  g_autoptr (RfCoverResult) rd = rf_cover_run (net2, td, NULL);
  assert_int_equal (check_unsafe (net2, td, rd), 0);
  assert_true (rf_marking_get (rd->witness->initial, d) >= 7);
}

static void
test_initially_covered (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint p = place (net, "p");
  guint q = place (net, "q");
  trans (net, "t", TOKS (TOK (p, 1)), TOKS (TOK (q, 1)));
  rf_net_set_initial (net, p, 2);

  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (p, 2))));
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, NULL);
  assert_int_equal (check_unsafe (net, targets, r), 0);
  assert_true (rf_marking_equal (r->witness->initial, r->witness->final));
  assert_int_equal (rf_marking_get (r->witness->initial, p), 2);

  /* the empty target is covered by every marking */
  g_autoptr (GPtrArray) empty = targets1 (rf_marking_new_empty ());
  g_autoptr (RfCoverResult) re = rf_cover_run (net, empty, NULL);
  assert_int_equal (check_unsafe (net, empty, re), 0);

  /* two targets, only the second covered initially: w->target says which */
  g_autoptr (GPtrArray) two = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_ptr_array_add (two, rf_marking_new (TOKS (TOK (p, 3))));
  g_ptr_array_add (two, rf_marking_new (TOKS (TOK (p, 1))));
  g_autoptr (RfCoverResult) r2 = rf_cover_run (net, two, NULL);
  assert_int_equal (check_unsafe (net, two, r2), 0);
  assert_int_equal (r2->witness->target, 1);

  /* two targets, only the second reachable, in two steps */
  g_autoptr (GPtrArray) two_b = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_ptr_array_add (two_b, rf_marking_new (TOKS (TOK (p, 3))));
  g_ptr_array_add (two_b, rf_marking_new (TOKS (TOK (q, 2))));
  g_autoptr (RfCoverResult) r3 = rf_cover_run (net, two_b, NULL);
  assert_int_equal (check_unsafe (net, two_b, r3), 2);
  assert_int_equal (r3->witness->target, 1);
}

static void
test_unreachable_cycle (void **state)
{
  /* a: A -> B, b: B -> A, A initially 1; targets C, A*2 and A+B: all unreachable */
  g_autoptr (RfNet) net = rf_net_new ();
  guint pa = place (net, "A");
  guint pb = place (net, "B");
  guint pc = place (net, "C");
  trans (net, "a", TOKS (TOK (pa, 1)), TOKS (TOK (pb, 1)));
  trans (net, "b", TOKS (TOK (pb, 1)), TOKS (TOK (pa, 1)));
  rf_net_set_initial (net, pa, 1);

  g_autoptr (GPtrArray) tc = targets1 (rf_marking_new (TOKS (TOK (pc, 1))));
  g_autoptr (RfCoverResult) rc = rf_cover_run (net, tc, NULL);
  check_safe (rc);

  g_autoptr (GPtrArray) ta = targets1 (rf_marking_new (TOKS (TOK (pa, 2))));
  g_autoptr (RfCoverResult) ra = rf_cover_run (net, ta, NULL);
  check_safe (ra);

  g_autoptr (GPtrArray) tab = targets1 (rf_marking_new (TOKS (TOK (pa, 1), TOK (pb, 1))));
  g_autoptr (RfCoverResult) rab = rf_cover_run (net, tab, NULL);
  check_safe (rab);

  /* a pumping cycle: g: A -> A + B makes B unbounded, still C never */
  g_autoptr (RfNet) pump = rf_net_new ();
  guint qa = place (pump, "A");
  guint qb = place (pump, "B");
  guint qc = place (pump, "C");
  guint qd = place (pump, "D");
  trans (pump, "g", TOKS (TOK (qa, 1)), TOKS (TOK (qa, 1), TOK (qb, 1)));
  trans (pump, "h", TOKS (TOK (qb, 2), TOK (qd, 1)), TOKS (TOK (qc, 1)));
  rf_net_set_initial (pump, qa, 1);
  g_autoptr (GPtrArray) tpc = targets1 (rf_marking_new (TOKS (TOK (qc, 1))));
  g_autoptr (RfCoverResult) rpc = rf_cover_run (pump, tpc, NULL);
  check_safe (rpc);
  /* ... while B*3 takes three pumps */
  g_autoptr (GPtrArray) tpb = targets1 (rf_marking_new (TOKS (TOK (qb, 3))));
  g_autoptr (RfCoverResult) rpb = rf_cover_run (pump, tpb, NULL);
  assert_int_equal (check_unsafe (pump, tpb, rpb), 3);
}

/* ---- reset arcs ---- */

/* The engine's switches a reset net is tried with: as shipped, backward only, the plain
 * backward search, and with certificates. */
static const RfCoverBudget reset_budgets[] = {
  { 0 },
  { .backward_only = TRUE },
  { .backward_only = TRUE, .no_state_equation = TRUE },
  { .certify = TRUE },
};

/* R, a SAFE result on NET with certify, has a certificate (version 2 when NET has
 * resets) that the checker accepts. */
static void
check_certificate (const RfNet *net, const RfCoverResult *r)
{
  assert_non_null (r->proof);
  g_autoptr (GString) text = g_string_new (NULL), msgs = g_string_new (NULL);
  rf_report_cert_search (net, "reset", r, text);
  assert_true (g_str_has_prefix (text->str, rf_net_n_resets (net) ? "racefree certificate 2\n"
                                                                   : "racefree certificate 1\n"));
  g_autoptr (RfOut) out = rf_out_new_string (msgs);
  int status = rf_certify_check ("reset.cert", text->str, text->len, out, out);
  if (status != RF_CERTIFY_VALID)
    print_error ("%s%s", text->str, msgs->str);
  assert_int_equal (status, RF_CERTIFY_VALID);
}

/* Every budget of reset_budgets on NET and TARGETS gives SAFE (with a certificate the
 * checker accepts) when SAFE, else UNSAFE with a witness of STEPS steps. */
static void
check_all_budgets (const RfNet *net, GPtrArray *targets, gboolean safe, guint steps)
{
  for (guint i = 0; i < G_N_ELEMENTS (reset_budgets); i++)
    {
      g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &reset_budgets[i]);
      if (safe)
        {
          check_safe (r);
          if (reset_budgets[i].certify)
            check_certificate (net, r);
        }
      else
        assert_int_equal (check_unsafe (net, targets, r), steps);
    }
}

/* A create loop and a join of every thread it created: main (m) creates workers (w)
 * as often as it likes, then joins them all (the join empties w) and goes on to j; a
 * worker still there after the join, {j, w}, is bad. With the reset nothing covers the
 * target; the same net without it covers it in three steps (create, join, late). */
static RfNet *
join_net (gboolean reset, guint *m, guint *w, guint *j, guint *bad)
{
  RfNet *net = rf_net_new ();
  *m = place (net, "m"), *w = place (net, "w"), *j = place (net, "j"), *bad = place (net, "bad");
  trans (net, "create", TOKS (TOK (*m, 1)), TOKS (TOK (*m, 1), TOK (*w, 1)));
  guint join = trans (net, "join", TOKS (TOK (*m, 1)), TOKS (TOK (*j, 1)));
  trans (net, "late", TOKS (TOK (*j, 1), TOK (*w, 1)), TOKS (TOK (*bad, 1)));
  if (reset)
    rf_net_set_transition_resets (net, join, (const guint[]) { *w }, 1);
  rf_net_set_initial (net, *m, 1);
  return net;
}

static void
test_reset_unreachable (void **state)
{
  guint m, w, j, bad;
  g_autoptr (RfNet) net = join_net (TRUE, &m, &w, &j, &bad);
  assert_int_equal (rf_net_n_resets (net), 1);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (bad, 1))));
  check_all_budgets (net, targets, TRUE, 0);
  /* the predecessor of {j, w} through the join: none (w is emptied, nothing put back) */
  const RfTransition *join = rf_net_get_transition (net, 1);
  g_autoptr (RfMarking) jw = rf_marking_new (TOKS (TOK (j, 1), TOK (w, 1)));
  assert_null (rf_net_transition_pre (join, jw));
  /* ... and of {j}: main before the join, whatever w holds */
  g_autoptr (RfMarking) just_j = rf_marking_new (TOKS (TOK (j, 1)));
  g_autoptr (RfMarking) pm = rf_net_transition_pre (join, just_j);
  g_autoptr (RfMarking) want = rf_marking_new (TOKS (TOK (m, 1)));
  assert_true (rf_marking_equal (pm, want));
  /* the oracle agrees */
  g_autoptr (OracleResult) o = oracle_run (net, NULL, targets, 6, 0);
  assert_int_equal (o->verdict, ORACLE_INCONCLUSIVE);  /* w is unbounded before the join */
  /* a join is reachable, and workers created after... none: j and w never meet */
  g_autoptr (GPtrArray) tj = targets1 (rf_marking_new (TOKS (TOK (j, 1))));
  check_all_budgets (net, tj, FALSE, 1);
  g_autoptr (GPtrArray) tw = targets1 (rf_marking_new (TOKS (TOK (w, 3))));
  check_all_budgets (net, tw, FALSE, 3);

  /* without the reset the target is reachable: create, join, late */
  guint m2, w2, j2, bad2;
  g_autoptr (RfNet) plain = join_net (FALSE, &m2, &w2, &j2, &bad2);
  assert_int_equal (rf_net_n_resets (plain), 0);
  g_autoptr (GPtrArray) t2 = targets1 (rf_marking_new (TOKS (TOK (bad2, 1))));
  check_all_budgets (plain, t2, FALSE, 3);
}

/* A reset place that also gets the transition's outputs: set (omega) sets c to exactly
 * one token (it empties c, then puts one), use takes one. c never holds two; without
 * the reset, two sets make two. */
static void
test_reset_post (void **state)
{
  for (guint with = 0; with < 2; with++)
    {
      g_autoptr (RfNet) net = rf_net_new ();
      guint a = place (net, "a"), c = place (net, "c");
      guint set = trans (net, "set", TOKS (TOK (a, 1)), TOKS (TOK (a, 1), TOK (c, 1)));
      trans (net, "use", TOKS (TOK (c, 1)), NO_TOKS);
      if (with)
        rf_net_set_transition_resets (net, set, (const guint[]) { c, c }, 2);  /* merged */
      rf_net_set_initial_omega (net, a);
      assert_int_equal (rf_net_n_resets (net), with);
      g_autoptr (GPtrArray) two = targets1 (rf_marking_new (TOKS (TOK (c, 2))));
      check_all_budgets (net, two, with, 2);
      g_autoptr (GPtrArray) one = targets1 (rf_marking_new (TOKS (TOK (c, 1))));
      check_all_budgets (net, one, FALSE, 1);
      if (!with)
        continue;
      /* predecessors through set: {c} needs only a (any c is emptied); {c*2}, none */
      const RfTransition *t = rf_net_get_transition (net, set);
      g_autoptr (RfMarking) c1 = rf_marking_new (TOKS (TOK (c, 1)));
      g_autoptr (RfMarking) pm = rf_net_transition_pre (t, c1);
      g_autoptr (RfMarking) want = rf_marking_new (TOKS (TOK (a, 1)));
      assert_true (rf_marking_equal (pm, want));
      g_autoptr (RfMarking) c2 = rf_marking_new (TOKS (TOK (c, 2)));
      assert_null (rf_net_transition_pre (t, c2));
      /* firing: {a, c*3} -> {a, c} */
      guint32 dense[2] = { 1, 3 };
      assert_true (rf_net_transition_fire_dense (t, dense));
      assert_int_equal (dense[a], 1);
      assert_int_equal (dense[c], 1);
      g_autofree char *text = rf_net_transition_to_string (net, t);
      assert_string_equal (text, "{a} -> {a, c} reset {c}");
    }
}

/* A P-invariant claim that weighs a place some transition resets is kept as an upper
 * bound only (emptying the place lowers the weighted sum: at_most); a claim that does
 * not is kept exact. The engine stays right with the bounds. */
static void
test_reset_invariant (void **state)
{
  guint cs;
  g_autoptr (RfNet) net = mutex_net (TRUE, FALSE, &cs);
  guint idle = 0, lock = 2;
  rf_net_add_invariant (net, TOKS (TOK (lock, 1), TOK (cs, 1)));    /* lock + cs = 1 */
  rf_net_add_invariant (net, TOKS (TOK (idle, 1), TOK (cs, 1)));    /* idle + cs = 2 */
  g_autoptr (GPtrArray) both = rf_net_check_invariants (net);
  assert_int_equal (both->len, 2);
  /* crash: an idle thread empties the critical section, the lock stays taken */
  guint crash = trans (net, "crash", TOKS (TOK (idle, 1)), TOKS (TOK (idle, 1)));
  rf_net_set_transition_resets (net, crash, (const guint[]) { cs }, 1);
  g_autoptr (GPtrArray) bounds = rf_net_check_invariants (net);
  assert_int_equal (bounds->len, 2);
  assert_true (((RfInvariant *) g_ptr_array_index (bounds, 0))->at_most);
  assert_true (((RfInvariant *) g_ptr_array_index (bounds, 1))->at_most);
  /* a claim on places no transition resets stays exact */
  rf_net_set_transition_resets (net, crash, (const guint[]) { idle }, 1);
  g_autoptr (GPtrArray) one = rf_net_check_invariants (net);
  assert_int_equal (one->len, 2);
  assert_int_equal (((RfInvariant *) g_ptr_array_index (one, 0))->total, 1);
  assert_false (((RfInvariant *) g_ptr_array_index (one, 0))->at_most);
  assert_true (((RfInvariant *) g_ptr_array_index (one, 1))->at_most);
  /* resetting cs again (the set is replaced): the bounds decide with the search */
  rf_net_set_transition_resets (net, crash, (const guint[]) { cs }, 1);
  assert_int_equal (rf_net_n_resets (net), 1);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (cs, 2))));
  check_all_budgets (net, targets, TRUE, 0);
  g_autoptr (GPtrArray) lock_cs = targets1 (rf_marking_new (TOKS (TOK (lock, 1), TOK (cs, 1))));
  check_all_budgets (net, lock_cs, TRUE, 0);
  /* one thread inside, one idle: one step */
  g_autoptr (GPtrArray) inside = targets1 (rf_marking_new (TOKS (TOK (idle, 1), TOK (cs, 1))));
  check_all_budgets (net, inside, FALSE, 1);
}

/* A -> B -> C -> D and A -> X -> D, A -> Y -> D; A initially 1, target D (reachable). */
static RfNet *
diamond_net (guint *d)
{
  RfNet *net = rf_net_new ();
  guint a = place (net, "A"), b = place (net, "B"), c = place (net, "C");
  *d = place (net, "D");
  guint x = place (net, "X"), y = place (net, "Y");
  trans (net, "ab", TOKS (TOK (a, 1)), TOKS (TOK (b, 1)));
  trans (net, "bc", TOKS (TOK (b, 1)), TOKS (TOK (c, 1)));
  trans (net, "cd", TOKS (TOK (c, 1)), TOKS (TOK (*d, 1)));
  trans (net, "ax", TOKS (TOK (a, 1)), TOKS (TOK (x, 1)));
  trans (net, "xd", TOKS (TOK (x, 1)), TOKS (TOK (*d, 1)));
  trans (net, "ay", TOKS (TOK (a, 1)), TOKS (TOK (y, 1)));
  trans (net, "yd", TOKS (TOK (y, 1)), TOKS (TOK (*d, 1)));
  rf_net_set_initial (net, a, 1);
  return net;
}

static void
test_budget (void **state)
{
  guint d;
  g_autoptr (RfNet) net = diamond_net (&d);
  g_autoptr (GPtrArray) td = targets1 (rf_marking_new (TOKS (TOK (d, 1))));
  /* backward only: the forward search would decide this small finite net at once;
   * without the state equation, which refutes D*2 at once */
  RfCoverBudget one = { .max_markings = 1, .timeout_s = 0, .backward_only = TRUE, .no_state_equation = TRUE };

  /* the basis holds {D}, then {C}, {X}, {Y} at once: over budget before {A} shows up */
  g_autoptr (RfCoverResult) r = rf_cover_run (net, td, &one);
  assert_non_null (r);
  assert_int_equal (r->verdict, RF_COVER_UNKNOWN);
  assert_null (r->witness);

  /* the same net without the budget: unsafe in two steps (ax xd or ay yd) */
  g_autoptr (RfCoverResult) full = rf_cover_run (net, td, NULL);
  assert_int_equal (check_unsafe (net, td, full), 2);

  /* a zero budget means unlimited */
  RfCoverBudget zero = { 0, 0 };
  g_autoptr (RfCoverResult) rz = rf_cover_run (net, td, &zero);
  assert_int_equal (check_unsafe (net, td, rz), 2);

  /* a safe net over budget must not claim SAFE: target D*2 needs two tokens on A */
  g_autoptr (GPtrArray) td2 = targets1 (rf_marking_new (TOKS (TOK (d, 2))));
  g_autoptr (RfCoverResult) r2 = rf_cover_run (net, td2, &one);
  assert_int_equal (r2->verdict, RF_COVER_UNKNOWN);
  assert_null (r2->witness);
  g_autoptr (RfCoverResult) r2full = rf_cover_run (net, td2, NULL);
  check_safe (r2full);

  /* a generous budget changes nothing */
  RfCoverBudget big = { .max_markings = 1000000, .timeout_s = 60 };
  g_autoptr (RfCoverResult) rb = rf_cover_run (net, td2, &big);
  check_safe (rb);
}

/* A line p0 <-> p1 <-> ... <-> p5 with one token on p2; target p0*10 + p5*10 (unreachable:
 * one token only). Backward search enumerates every way to place 20 tokens on the line,
 * far more than fits in a short timeout. */
static void
test_timeout (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  enum { N = 6 };
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *name = g_strdup_printf ("p%u", i);
      place (net, name);
    }
  for (guint i = 0; i + 1 < N; i++)
    {
      trans (net, "right", TOKS (TOK (i, 1)), TOKS (TOK (i + 1, 1)));
      trans (net, "left", TOKS (TOK (i + 1, 1)), TOKS (TOK (i, 1)));
    }
  rf_net_set_initial (net, 2, 1);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (0, 10), TOK (N - 1, 10))));
  RfCoverBudget budget = { .max_markings = 0, .timeout_s = 0.2, .backward_only = TRUE,
                           .no_state_equation = TRUE };

  gint64 start = g_get_monotonic_time ();
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
  gdouble wall = (g_get_monotonic_time () - start) / 1e6;
  assert_int_equal (r->verdict, RF_COVER_UNKNOWN);
  assert_null (r->witness);
  assert_true (wall < 10);
  assert_true (r->stats.seconds <= wall + 0.01);
  assert_true (r->stats.kept <= r->stats.conf);

  /* the same net with a small target is decided well within the timeout */
  g_autoptr (GPtrArray) small = targets1 (rf_marking_new (TOKS (TOK (0, 1), TOK (N - 1, 1))));
  g_autoptr (RfCoverResult) rs = rf_cover_run (net, small, &budget);
  check_safe (rs);
  g_autoptr (GPtrArray) one = targets1 (rf_marking_new (TOKS (TOK (N - 1, 1))));
  g_autoptr (RfCoverResult) ro = rf_cover_run (net, one, &budget);
  assert_int_equal (check_unsafe (net, one, ro), 3);
}

/* The line net of test_timeout: p0 <-> ... <-> p5, one token on p2. */
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
      trans (net, "right", TOKS (TOK (i, 1)), TOKS (TOK (i + 1, 1)));
      trans (net, "left", TOKS (TOK (i + 1, 1)), TOKS (TOK (i, 1)));
    }
  rf_net_set_initial (net, 2, 1);
  return net;
}

/* A memory budget: the search that would enumerate every way to place 20 tokens stops
 * as unknown once its data (estimated) passes 64 KiB, just past it; the estimate is
 * counted without a budget too (peak_bytes), and the same search is decided when the
 * target is small. */
static void
test_memory (void **state)
{
  g_autoptr (RfNet) net = line_net ();
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (0, 10), TOK (5, 10))));
  RfCoverBudget budget = { .max_bytes = 64 * 1024, .backward_only = TRUE, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
  assert_int_equal (r->verdict, RF_COVER_UNKNOWN);
  assert_null (r->witness);
  assert_true (r->stats.peak_bytes > budget.max_bytes);
  assert_true (r->stats.peak_bytes < budget.max_bytes + 1024);
  /* the same budget as markings: the estimate grows with the markings kept */
  RfCoverBudget markings = { .max_markings = r->stats.kept, .backward_only = TRUE, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) rm = rf_cover_run (net, targets, &markings);
  assert_int_equal (rm->verdict, RF_COVER_UNKNOWN);
  assert_true (rm->stats.peak_bytes > 0);

  g_autoptr (GPtrArray) small = targets1 (rf_marking_new (TOKS (TOK (0, 1), TOK (5, 1))));
  g_autoptr (RfCoverResult) rs = rf_cover_run (net, small, &budget);
  check_safe (rs);
  assert_true (rs->stats.peak_bytes > 0 && rs->stats.peak_bytes <= budget.max_bytes);
}

/* The forward search alongside goes first: a generator fills it with ever more states
 * past the budget, while the backward search proves the lock's target unreachable in
 * a few markings. The verdict is safe, not unknown. */
static void
test_memory_forward_dropped (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint l = place (net, "L"), c = place (net, "C"), g = place (net, "G");
  trans (net, "acquire", TOKS (TOK (l, 1)), TOKS (TOK (c, 1)));
  trans (net, "release", TOKS (TOK (c, 1)), TOKS (TOK (l, 1)));
  trans (net, "generate", NO_TOKS, TOKS (TOK (g, 1)));
  rf_net_set_initial (net, l, 1);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (c, 2))));
  RfCoverBudget budget = { .max_bytes = 16 * 1024, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &budget);
  check_safe (r);
  assert_true (r->stats.forward_states > 0);
  assert_true (r->stats.peak_bytes > budget.max_bytes);   /* the forward search's */
}

/* The deadline of a whole run: once it has passed, a search is unknown at once, before
 * any marking is added; a deadline far ahead changes nothing. */
static void
test_deadline (void **state)
{
  g_autoptr (RfNet) net = line_net ();
  g_autoptr (GPtrArray) one = targets1 (rf_marking_new (TOKS (TOK (5, 1))));
  RfCoverBudget past = { .deadline_us = 1 };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, one, &past);
  assert_int_equal (r->verdict, RF_COVER_UNKNOWN);
  assert_null (r->witness);
  assert_int_equal (r->stats.conf, 0);
  assert_int_equal (r->stats.forward_states, 0);
  RfCoverBudget ahead = { .deadline_us = rf_cover_cpu_time_us () + 600 * G_USEC_PER_SEC };
  g_autoptr (RfCoverResult) ra = rf_cover_run (net, one, &ahead);
  assert_int_equal (check_unsafe (net, one, ra), 3);
  /* the search that needs long stops at a deadline near ahead, like a timeout */
  g_autoptr (GPtrArray) big = targets1 (rf_marking_new (TOKS (TOK (0, 10), TOK (5, 10))));
  RfCoverBudget soon = { .deadline_us = rf_cover_cpu_time_us () + G_USEC_PER_SEC / 5, .backward_only = TRUE,
                         .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) rb = rf_cover_run (net, big, &soon);
  assert_int_equal (rb->verdict, RF_COVER_UNKNOWN);
  assert_true (rb->stats.conf > 0);
}

/* Progress calls: each records a copy of what it was told. */
typedef struct {
  GArray *calls;   /* RfCoverProgress, label not kept */
  const char *label;
} ProgressLog;

static void
log_progress (const RfCoverProgress *p, gpointer data)
{
  ProgressLog *log = data;
  assert_string_equal (p->label, log->label);
  g_array_append_val (log->calls, *p);
}

/* The progress function is called while the search runs, with counts that only grow
 * and end below the final statistics; it does not change the search; a long interval
 * means no call at all. */
static void
test_progress (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  enum { N = 6 };
  for (guint i = 0; i < N; i++)
    {
      g_autofree char *name = g_strdup_printf ("p%u", i);
      place (net, name);
    }
  for (guint i = 0; i + 1 < N; i++)
    {
      trans (net, "right", TOKS (TOK (i, 1)), TOKS (TOK (i + 1, 1)));
      trans (net, "left", TOKS (TOK (i + 1, 1)), TOKS (TOK (i, 1)));
    }
  rf_net_set_initial (net, 2, 1);
  /* safe (one token only), and several rounds to decide it */
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (0, 3), TOK (N - 1, 3))));

  RfCoverBudget plain = { .backward_only = TRUE, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) r0 = rf_cover_run (net, targets, &plain);
  check_safe (r0);
  assert_true (r0->stats.iterations >= 3);

  g_autoptr (GArray) calls = g_array_new (FALSE, FALSE, sizeof (RfCoverProgress));
  ProgressLog log = { calls, "line" };
  RfCoverBudget often = { .backward_only = TRUE, .no_state_equation = TRUE, .progress = log_progress, .progress_data = &log,
                          .progress_interval_s = 1e-9, .progress_label = "line" };
  g_autoptr (RfCoverResult) r1 = rf_cover_run (net, targets, &often);
  check_safe (r1);
  assert_int_equal (r1->stats.conf, r0->stats.conf);
  assert_int_equal (r1->stats.subsumed, r0->stats.subsumed);
  assert_int_equal (r1->stats.iterations, r0->stats.iterations);
  assert_int_equal (r1->stats.kept, r0->stats.kept);
  assert_int_equal (r1->stats.pruned, r0->stats.pruned);

  assert_true (calls->len >= 1);
  for (guint i = 0; i < calls->len; i++)
    {
      const RfCoverProgress *p = &g_array_index (calls, RfCoverProgress, i);
      assert_true (p->kept <= p->conf);
      assert_true (p->conf <= r1->stats.conf);
      assert_true (p->iterations >= 1 && p->iterations <= r1->stats.iterations);
      assert_true (p->elapsed_s > 0 && p->elapsed_s <= r1->stats.seconds);
      assert_true (p->rate >= 0);
      if (i > 0)
        {
          const RfCoverProgress *q = &g_array_index (calls, RfCoverProgress, i - 1);
          assert_true (p->conf >= q->conf);
          assert_true (p->iterations >= q->iterations);
          assert_true (p->elapsed_s >= q->elapsed_s);
        }
    }

  g_array_set_size (calls, 0);
  RfCoverBudget rarely = often;
  rarely.progress_interval_s = 3600;
  g_autoptr (RfCoverResult) r2 = rf_cover_run (net, targets, &rarely);
  check_safe (r2);
  assert_int_equal (calls->len, 0);
}

static void
test_stats (void **state)
{
  guint cs;
  g_autoptr (RfNet) net = mutex_net (TRUE, FALSE, &cs);
  g_autoptr (GPtrArray) targets = targets1 (rf_marking_new (TOKS (TOK (cs, 2))));
  RfCoverBudget backward = { .backward_only = TRUE, .no_state_equation = TRUE };
  g_autoptr (RfCoverResult) r = rf_cover_run (net, targets, &backward);
  check_safe (r);
  assert_true (r->stats.conf >= 1);
  assert_true (r->stats.iterations >= 1);
  assert_true (r->stats.kept <= r->stats.conf);
  assert_true (r->stats.kept >= 1);  /* the target itself stays minimal */
  assert_true (r->stats.seconds >= 0);

  guint d;
  g_autoptr (RfNet) dn = diamond_net (&d);
  g_autoptr (GPtrArray) td = targets1 (rf_marking_new (TOKS (TOK (d, 1))));
  g_autoptr (RfCoverResult) rd = rf_cover_run (dn, td, &backward);
  check_unsafe (dn, td, rd);
  /* {D} and at least one of {C}, {X}, {Y} went into the basis before {A} was found */
  assert_true (rd->stats.conf >= 2);
  assert_true (rd->stats.iterations >= 1);
  assert_true (rd->stats.kept <= rd->stats.conf);

  /* the cycle net, target A*2: pre via b gives {A, B}; pre of that via a gives {A*2}
   * again, which the basis subsumes */
  g_autoptr (RfNet) cyc = rf_net_new ();
  guint pa = place (cyc, "A");
  guint pb = place (cyc, "B");
  trans (cyc, "a", TOKS (TOK (pa, 1)), TOKS (TOK (pb, 1)));
  trans (cyc, "b", TOKS (TOK (pb, 1)), TOKS (TOK (pa, 1)));
  rf_net_set_initial (cyc, pa, 1);
  g_autoptr (GPtrArray) ta = targets1 (rf_marking_new (TOKS (TOK (pa, 2))));
  g_autoptr (RfCoverResult) ra = rf_cover_run (cyc, ta, &backward);
  check_safe (ra);
  assert_true (ra->stats.subsumed >= 1);
  assert_true (ra->stats.kept <= ra->stats.conf);
}

static void
test_replay_rejects (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint p = place (net, "p");
  guint q = place (net, "q");
  guint t = trans (net, "t", TOKS (TOK (p, 1)), TOKS (TOK (q, 1)));
  rf_net_set_initial (net, p, 1);
  g_autoptr (RfMarking) target = rf_marking_new (TOKS (TOK (q, 1)));

  /* a good witness, built by hand (members owned here, not through rf_witness_free) */
  RfWitness w = {
    .initial = rf_marking_new (TOKS (TOK (p, 1))),
    .steps = g_array_new (FALSE, FALSE, sizeof (guint)),
    .final = rf_marking_new (TOKS (TOK (q, 1))),
    .target = 0,
  };
  g_array_append_val (w.steps, t);
  g_autoptr (GError) e0 = NULL;
  assert_true (rf_witness_replay (net, &w, target, &e0));
  assert_null (e0);

  /* t fired twice: the second is not enabled */
  g_array_append_val (w.steps, t);
  g_autoptr (GError) e1 = NULL;
  assert_false (rf_witness_replay (net, &w, target, &e1));
  assert_non_null (e1);
  g_array_set_size (w.steps, 1);

  /* wrong final marking */
  RfMarking *good_final = w.final;
  w.final = rf_marking_new (TOKS (TOK (q, 2)));
  g_autoptr (GError) e2 = NULL;
  assert_false (rf_witness_replay (net, &w, target, &e2));
  assert_non_null (e2);
  rf_marking_unref (w.final);
  w.final = good_final;

  /* final does not cover the target */
  g_autoptr (RfMarking) far = rf_marking_new (TOKS (TOK (q, 2)));
  g_autoptr (GError) e3 = NULL;
  assert_false (rf_witness_replay (net, &w, far, &e3));
  assert_non_null (e3);

  rf_marking_unref (w.initial);
  rf_marking_unref (w.final);
  g_array_unref (w.steps);
}

/* No target at all: nothing is coverable. A net without transitions: only the initial
 * marking is reachable. */
static void
test_degenerate (void **state)
{
  g_autoptr (RfNet) net = rf_net_new ();
  guint p = place (net, "p");
  guint q = place (net, "q");
  rf_net_set_initial (net, p, 1);

  g_autoptr (GPtrArray) none = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  g_autoptr (RfCoverResult) r0 = rf_cover_run (net, none, NULL);
  check_safe (r0);

  g_autoptr (GPtrArray) tq = targets1 (rf_marking_new (TOKS (TOK (q, 1))));
  g_autoptr (RfCoverResult) rq = rf_cover_run (net, tq, NULL);
  check_safe (rq);

  g_autoptr (GPtrArray) tp = targets1 (rf_marking_new (TOKS (TOK (p, 1))));
  g_autoptr (RfCoverResult) rp = rf_cover_run (net, tp, NULL);
  assert_int_equal (check_unsafe (net, tp, rp), 0);
}

static void
test_verdict_names (void **state)
{
  const char *s = rf_cover_verdict_to_string (RF_COVER_SAFE);
  const char *u = rf_cover_verdict_to_string (RF_COVER_UNSAFE);
  const char *k = rf_cover_verdict_to_string (RF_COVER_UNKNOWN);
  assert_non_null (s);
  assert_non_null (u);
  assert_non_null (k);
  assert_string_not_equal (s, u);
  assert_string_not_equal (s, k);
  assert_string_not_equal (u, k);
  rf_cover_result_free (NULL);
  rf_witness_free (NULL);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_mutex_safe),
    cmocka_unit_test (test_mutex_unsafe),
    cmocka_unit_test (test_generator),
    cmocka_unit_test (test_omega),
    cmocka_unit_test (test_initially_covered),
    cmocka_unit_test (test_unreachable_cycle),
    cmocka_unit_test (test_budget),
    cmocka_unit_test (test_timeout),
    cmocka_unit_test (test_memory),
    cmocka_unit_test (test_memory_forward_dropped),
    cmocka_unit_test (test_deadline),
    cmocka_unit_test (test_progress),
    cmocka_unit_test (test_stats),
    cmocka_unit_test (test_replay_rejects),
    cmocka_unit_test (test_degenerate),
    cmocka_unit_test (test_verdict_names),
    cmocka_unit_test (test_reset_unreachable),
    cmocka_unit_test (test_reset_post),
    cmocka_unit_test (test_reset_invariant),
  };
  return cmocka_run_group_tests_name ("cover", tests, NULL, NULL);
}
