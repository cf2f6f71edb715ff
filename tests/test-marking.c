/* test-marking: sparse markings — normalisation, order, hashing, predecessors, firing. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>
#include <glib.h>

#include "rf-marking.h"

#define TOK(p, c) ((RfToken){ (p), (c) })
#define MK(...) mk ((const RfToken[]){ __VA_ARGS__ }, \
                    sizeof ((const RfToken[]){ __VA_ARGS__ }) / sizeof (RfToken))

static RfMarking *
mk (const RfToken *t, guint n)
{
  return rf_marking_new (t, n);
}

/* Asserts M is exactly the token list WANT (n entries), including its norm. */
static void
assert_marking (const RfMarking *m, const RfToken *want, guint n)
{
  guint64 norm = 0;

  assert_non_null (m);
  assert_int_equal (m->n, n);
  for (guint i = 0; i < n; i++)
    {
      assert_int_equal (m->e[i].place, want[i].place);
      assert_int_equal (m->e[i].count, want[i].count);
      norm += want[i].count;
    }
  assert_int_equal (m->norm, norm);
}

#define ASSERT_MARKING(m, ...) \
  assert_marking ((m), (const RfToken[]){ __VA_ARGS__ }, \
                  sizeof ((const RfToken[]){ __VA_ARGS__ }) / sizeof (RfToken))

static void
test_new_normalises (void **state)
{
  /* unsorted, a duplicate place, a zero count */
  g_autoptr (RfMarking) m = MK (TOK (5, 1), TOK (2, 3), TOK (7, 0), TOK (5, 2), TOK (0, 1));
  ASSERT_MARKING (m, TOK (0, 1), TOK (2, 3), TOK (5, 3));

  /* duplicates whose zero copy must not hide the other */
  g_autoptr (RfMarking) z = MK (TOK (4, 0), TOK (4, 2), TOK (4, 0));
  ASSERT_MARKING (z, TOK (4, 2));

  /* only zeros: the empty marking */
  g_autoptr (RfMarking) e = MK (TOK (3, 0), TOK (1, 0));
  assert_int_equal (e->n, 0);
  assert_int_equal (e->norm, 0);

  g_autoptr (RfMarking) e2 = rf_marking_new_empty ();
  assert_int_equal (e2->n, 0);
  assert_int_equal (e2->norm, 0);
  assert_true (rf_marking_equal (e, e2));

  /* n == 0, with and without a vector */
  g_autoptr (RfMarking) e4 = rf_marking_new (NULL, 0);
  assert_int_equal (e4->n, 0);
  assert_int_equal (e4->norm, 0);
  RfToken one = TOK (1, 1);
  g_autoptr (RfMarking) e3 = rf_marking_new (&one, 0);
  assert_int_equal (e3->n, 0);
}

static void
test_ref_unref (void **state)
{
  RfMarking *m = MK (TOK (1, 2));
  RfMarking *m2 = rf_marking_ref (m);
  assert_ptr_equal (m, m2);
  rf_marking_unref (m);
  assert_int_equal (rf_marking_get (m2, 1), 2);  /* still alive */
  rf_marking_unref (m2);
}

static void
test_get (void **state)
{
  g_autoptr (RfMarking) m = MK (TOK (3, 2), TOK (1, 4), TOK (9, 1));
  assert_int_equal (rf_marking_get (m, 0), 0);
  assert_int_equal (rf_marking_get (m, 1), 4);
  assert_int_equal (rf_marking_get (m, 2), 0);
  assert_int_equal (rf_marking_get (m, 3), 2);
  assert_int_equal (rf_marking_get (m, 9), 1);
  assert_int_equal (rf_marking_get (m, 10), 0);
  assert_int_equal (rf_marking_get (m, 1000), 0);

  g_autoptr (RfMarking) e = rf_marking_new_empty ();
  assert_int_equal (rf_marking_get (e, 0), 0);
}

static void
test_leq (void **state)
{
  g_autoptr (RfMarking) e = rf_marking_new_empty ();
  g_autoptr (RfMarking) a = MK (TOK (1, 1), TOK (3, 2));
  g_autoptr (RfMarking) b = MK (TOK (0, 5), TOK (1, 1), TOK (3, 2), TOK (4, 1));
  g_autoptr (RfMarking) c = MK (TOK (1, 2), TOK (3, 1));
  g_autoptr (RfMarking) d = MK (TOK (2, 1), TOK (5, 1));  /* disjoint from a */
  g_autoptr (RfMarking) big = MK (TOK (1, 1), TOK (3, 3));

  assert_true (rf_marking_leq (e, e));
  assert_true (rf_marking_leq (e, a));
  assert_false (rf_marking_leq (a, e));
  assert_true (rf_marking_leq (a, a));
  assert_true (rf_marking_leq (a, b));
  assert_false (rf_marking_leq (b, a));
  /* incomparable */
  assert_false (rf_marking_leq (a, c));
  assert_false (rf_marking_leq (c, a));
  /* disjoint supports */
  assert_false (rf_marking_leq (a, d));
  assert_false (rf_marking_leq (d, a));
  /* same support, one count larger */
  assert_true (rf_marking_leq (a, big));
  assert_false (rf_marking_leq (big, a));
  /* a place of a beyond b's last place */
  g_autoptr (RfMarking) tail = MK (TOK (9, 1));
  assert_false (rf_marking_leq (tail, b));
  g_autoptr (RfMarking) head = MK (TOK (0, 1));
  assert_true (rf_marking_leq (head, b));
  assert_false (rf_marking_leq (head, a));
}

static void
test_equal_hash (void **state)
{
  g_autoptr (RfMarking) a = MK (TOK (1, 1), TOK (3, 2));
  g_autoptr (RfMarking) a2 = MK (TOK (3, 1), TOK (1, 1), TOK (3, 1), TOK (8, 0));
  g_autoptr (RfMarking) b = MK (TOK (1, 2), TOK (3, 1));
  g_autoptr (RfMarking) c = MK (TOK (1, 1));
  g_autoptr (RfMarking) e1 = rf_marking_new_empty ();
  g_autoptr (RfMarking) e2 = MK (TOK (0, 0));

  assert_true (rf_marking_equal (a, a2));
  assert_int_equal (rf_marking_hash (a), rf_marking_hash (a2));
  assert_false (rf_marking_equal (a, b));
  assert_false (rf_marking_equal (a, c));
  assert_false (rf_marking_equal (c, a));
  assert_true (rf_marking_equal (e1, e2));
  assert_int_equal (rf_marking_hash (e1), rf_marking_hash (e2));

  /* usable as a hash table key */
  g_autoptr (GHashTable) set = g_hash_table_new ((GHashFunc) rf_marking_hash,
                                                 (GEqualFunc) rf_marking_equal);
  g_hash_table_add (set, a);
  g_hash_table_add (set, b);
  g_hash_table_add (set, e1);
  assert_true (g_hash_table_contains (set, a2));
  assert_true (g_hash_table_contains (set, e2));
  assert_false (g_hash_table_contains (set, c));
  g_hash_table_add (set, a2);
  assert_int_equal (g_hash_table_size (set), 3);

  /* permutations of many random token lists hash alike */
  GRand *r = g_rand_new_with_seed (7);
  for (int round = 0; round < 200; round++)
    {
      RfToken t[8], u[8];
      guint n = g_rand_int_range (r, 0, 8);
      for (guint i = 0; i < n; i++)
        t[i] = TOK (g_rand_int_range (r, 0, 6), g_rand_int_range (r, 0, 3));
      for (guint i = 0; i < n; i++)
        u[i] = t[n - 1 - i];
      g_autoptr (RfMarking) x = rf_marking_new (t, n);
      g_autoptr (RfMarking) y = rf_marking_new (u, n);
      assert_true (rf_marking_equal (x, y));
      assert_int_equal (rf_marking_hash (x), rf_marking_hash (y));
      assert_true (rf_marking_leq (x, y));
      assert_true (rf_marking_leq (y, x));
    }
  g_rand_free (r);
}

static void
test_leq_dense (void **state)
{
  g_autoptr (RfMarking) m = MK (TOK (0, 2), TOK (3, 1));
  g_autoptr (RfMarking) e = rf_marking_new_empty ();
  guint32 bound[4] = { 2, 0, 0, 1 };
  guint32 low[4] = { 1, 5, 5, 5 };
  gboolean omega_none[4] = { FALSE, FALSE, FALSE, FALSE };
  gboolean omega0[4] = { TRUE, FALSE, FALSE, FALSE };
  gboolean omega3[4] = { FALSE, FALSE, FALSE, TRUE };
  guint32 zero[4] = { 0, 0, 0, 0 };

  assert_true (rf_marking_leq_dense (m, bound, NULL));
  assert_true (rf_marking_leq_dense (m, bound, omega_none));
  assert_false (rf_marking_leq_dense (m, low, NULL));      /* place 0: 2 > 1 */
  assert_false (rf_marking_leq_dense (m, low, omega_none));
  assert_false (rf_marking_leq_dense (m, low, omega3));    /* omega elsewhere */
  assert_true (rf_marking_leq_dense (m, low, omega0));     /* place 0 is omega */
  assert_false (rf_marking_leq_dense (m, zero, omega0));   /* place 3: 1 > 0 */
  assert_true (rf_marking_leq_dense (e, zero, NULL));
  assert_true (rf_marking_leq_dense (e, zero, omega0));
}

/* rf_marking_pre (M, pre, post) == WANT (token lists) */
static void
check_pre (const RfMarking *m, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
           const RfToken *want, guint n_want)
{
  g_autoptr (RfMarking) got = rf_marking_pre (m, pre, n_pre, post, n_post, NULL, 0);
  assert_marking (got, want, n_want);
}

static void
test_pre (void **state)
{
  /* t: p0 -> p1, M = {p1}: result {p0} */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 1));
    RfToken pre[] = { TOK (0, 1) }, post[] = { TOK (1, 1) }, want[] = { TOK (0, 1) };
    check_pre (m, pre, 1, post, 1, want, 1);
  }
  /* t: p0 -> 2 p1, M = {p1*3, p2}: {p0, p1, p2} */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 3), TOK (2, 1));
    RfToken pre[] = { TOK (0, 1) }, post[] = { TOK (1, 2) };
    RfToken want[] = { TOK (0, 1), TOK (1, 1), TOK (2, 1) };
    check_pre (m, pre, 1, post, 1, want, 3);
  }
  /* post larger than M: clipped at 0, t: 2 p3 -> 3 p1, M = {p1*2}: {p3*2} */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 2));
    RfToken pre[] = { TOK (3, 2) }, post[] = { TOK (1, 3) }, want[] = { TOK (3, 2) };
    check_pre (m, pre, 1, post, 1, want, 1);
  }
  /* self loop on a place of M: t: p1 + p2 -> p1 + p0, M = {p0, p1}: {p1, p2} */
  {
    g_autoptr (RfMarking) m = MK (TOK (0, 1), TOK (1, 1));
    RfToken pre[] = { TOK (1, 1), TOK (2, 1) }, post[] = { TOK (0, 1), TOK (1, 1) };
    RfToken want[] = { TOK (1, 1), TOK (2, 1) };
    check_pre (m, pre, 2, post, 2, want, 2);
  }
  /* pre on a place already in M adds: t: 2 p0 -> p4, M = {p0*3, p4*2}: {p0*5, p4} */
  {
    g_autoptr (RfMarking) m = MK (TOK (0, 3), TOK (4, 2));
    RfToken pre[] = { TOK (0, 2) }, post[] = { TOK (4, 1) };
    RfToken want[] = { TOK (0, 5), TOK (4, 1) };
    check_pre (m, pre, 1, post, 1, want, 2);
  }
  /* generator: empty pre, t: -> 2 p2, M = {p2*3, p5}: {p2, p5} */
  {
    g_autoptr (RfMarking) m = MK (TOK (2, 3), TOK (5, 1));
    RfToken post[] = { TOK (2, 2) }, want[] = { TOK (2, 1), TOK (5, 1) };
    check_pre (m, NULL, 0, post, 1, want, 2);
  }
  /* sink: empty post, t: p1 + p6 ->, M = {p0}: {p0, p1, p6} */
  {
    g_autoptr (RfMarking) m = MK (TOK (0, 1));
    RfToken pre[] = { TOK (1, 1), TOK (6, 1) }, want[] = { TOK (0, 1), TOK (1, 1), TOK (6, 1) };
    check_pre (m, pre, 2, NULL, 0, want, 3);
  }
  /* result may be empty: t: -> p0, M = {p0} */
  {
    g_autoptr (RfMarking) m = MK (TOK (0, 1));
    RfToken post[] = { TOK (0, 1) };
    g_autoptr (RfMarking) got = rf_marking_pre (m, NULL, 0, post, 1, NULL, 0);
    assert_int_equal (got->n, 0);
    assert_int_equal (got->norm, 0);
  }
  /* the empty marking: result is pre */
  {
    g_autoptr (RfMarking) m = rf_marking_new_empty ();
    RfToken pre[] = { TOK (2, 2), TOK (7, 1) }, post[] = { TOK (3, 1) };
    RfToken want[] = { TOK (2, 2), TOK (7, 1) };
    check_pre (m, pre, 2, post, 1, want, 2);
  }
  /* a reset place holding more in M than t puts back: no predecessor.
   * t: p0 -> p1, reset {p2}, M = {p1, p2} */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 1), TOK (2, 1));
    RfToken pre[] = { TOK (0, 1) }, post[] = { TOK (1, 1) };
    guint resets[] = { 2 };
    assert_null (rf_marking_pre (m, pre, 1, post, 1, resets, 1));
  }
  /* a reset place t also outputs to: M needs at most what t puts there, and the
   * predecessor needs only t's input there (any number is emptied).
   * t: p0 + p2 -> p2*2, reset {p2, p4}, M = {p2*2, p3}: {p0, p2, p3} */
  {
    g_autoptr (RfMarking) m = MK (TOK (2, 2), TOK (3, 1));
    RfToken pre[] = { TOK (0, 1), TOK (2, 1) }, post[] = { TOK (2, 2) };
    RfToken want[] = { TOK (0, 1), TOK (2, 1), TOK (3, 1) };
    guint resets[] = { 2, 4 };
    g_autoptr (RfMarking) got = rf_marking_pre (m, pre, 2, post, 1, resets, 2);
    assert_marking (got, want, 3);
    /* ... but three tokens on p2 are never left by t */
    g_autoptr (RfMarking) m3 = MK (TOK (2, 3));
    assert_null (rf_marking_pre (m3, pre, 2, post, 1, resets, 2));
  }
  /* reset places outside M's support change nothing: t: p0 -> p1, reset {p0, p3},
   * M = {p1*2}: {p0, p1} */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 2));
    RfToken pre[] = { TOK (0, 1) }, post[] = { TOK (1, 1) }, want[] = { TOK (0, 1), TOK (1, 1) };
    guint resets[] = { 0, 3 };
    g_autoptr (RfMarking) got = rf_marking_pre (m, pre, 1, post, 1, resets, 2);
    assert_marking (got, want, 2);
  }
  /* interleaved supports: M = {p1*2, p3*1, p5*4}; pre {p0, p3*2, p6}; post {p1*1, p5*4, p7*2}
   * -> p0:1, p1:1, p3:1+2=3, p5:0, p6:1 */
  {
    g_autoptr (RfMarking) m = MK (TOK (1, 2), TOK (3, 1), TOK (5, 4));
    RfToken pre[] = { TOK (0, 1), TOK (3, 2), TOK (6, 1) };
    RfToken post[] = { TOK (1, 1), TOK (5, 4), TOK (7, 2) };
    RfToken want[] = { TOK (0, 1), TOK (1, 1), TOK (3, 3), TOK (6, 1) };
    check_pre (m, pre, 3, post, 3, want, 4);
  }
}

/* Property: for random M and t (at most two input and two output places, and in half
 * the rounds one or two reset places), pre(M) matches the formula place by place: none
 * when a reset place holds more in M than t puts back, else max(M - post, 0) + pre. And
 * it is exact: in a box of small markings, the ones from which t fires to a marking
 * >= M are exactly those >= pre(M) (none when there is no predecessor). */
static void
test_pre_random (void **state)
{
  GRand *r = g_rand_new_with_seed (11);
  guint none = 0, with_resets = 0;
  for (int round = 0; round < 500; round++)
    {
      RfToken mt[4], pre[3], post[3];
      guint resets[2];
      guint nm = g_rand_int_range (r, 0, 4), npre = g_rand_int_range (r, 0, 3),
            npost = g_rand_int_range (r, 0, 3), nres = round % 2 ? g_rand_int_range (r, 1, 3) : 0;
      for (guint i = 0; i < nm; i++)
        mt[i] = TOK (g_rand_int_range (r, 0, 5), g_rand_int_range (r, 1, 4));
      /* token vectors given to pre must be sorted with distinct places */
      guint32 dpre[5] = { 0 }, dpost[5] = { 0 };
      gboolean dres[5] = { FALSE };
      for (guint i = 0; i < npre; i++)
        dpre[g_rand_int_range (r, 0, 5)] += g_rand_int_range (r, 1, 3);
      for (guint i = 0; i < npost; i++)
        dpost[g_rand_int_range (r, 0, 5)] += g_rand_int_range (r, 1, 3);
      for (guint i = 0; i < nres; i++)
        dres[g_rand_int_range (r, 0, 5)] = TRUE;
      npre = npost = nres = 0;
      for (guint p = 0; p < 5; p++)
        {
          if (dpre[p])
            pre[npre++] = TOK (p, dpre[p]);
          if (dpost[p])
            post[npost++] = TOK (p, dpost[p]);
          if (dres[p])
            resets[nres++] = p;
        }
      with_resets += nres > 0;
      g_autoptr (RfMarking) m = rf_marking_new (mt, nm);
      g_autoptr (RfMarking) pm = rf_marking_pre (m, pre, npre, post, npost, resets, nres);

      gboolean blocked = FALSE;
      for (guint p = 0; p < 5; p++)
        blocked |= dres[p] && rf_marking_get (m, p) > dpost[p];
      if (blocked)
        {
          assert_null (pm);
          none++;
        }
      else
        {
          assert_non_null (pm);
          guint32 dense[5] = { 0 };
          for (guint i = 0; i < pm->n; i++)
            dense[pm->e[i].place] = pm->e[i].count;
          for (guint p = 0; p < 5; p++)
            {
              guint32 mp = rf_marking_get (m, p);
              assert_int_equal (dense[p], (mp > dpost[p] ? mp - dpost[p] : 0) + dpre[p]);
            }
        }
      /* exactness on the box [0, 6]^5 */
      if (round % 5 != 0)
        continue;
      for (guint code = 0; code < 7 * 7 * 7 * 7 * 7; code++)
        {
          guint32 d[5], fired[5];
          for (guint p = 0, c = code; p < 5; p++, c /= 7)
            d[p] = c % 7;
          memcpy (fired, d, sizeof fired);
          gboolean leads = rf_marking_fire_dense (fired, pre, npre, post, npost, resets, nres);
          for (guint i = 0; leads && i < m->n; i++)
            leads = fired[m->e[i].place] >= m->e[i].count;
          gboolean above = pm != NULL;
          for (guint i = 0; above && i < pm->n; i++)
            above = d[pm->e[i].place] >= pm->e[i].count;
          assert_int_equal (leads, above);
        }
    }
  /* both kinds of answers were tried */
  assert_true (none > 20 && with_resets > 200);
  g_rand_free (r);
}

static void
test_meets (void **state)
{
  g_autoptr (RfMarking) m = MK (TOK (1, 1), TOK (4, 2));
  g_autoptr (RfMarking) e = rf_marking_new_empty ();
  RfToken post_hit[] = { TOK (0, 1), TOK (4, 1) };
  RfToken post_miss[] = { TOK (0, 1), TOK (2, 3), TOK (5, 1) };
  RfToken post_first[] = { TOK (1, 2) };

  assert_true (rf_marking_meets (m, post_hit, 2));
  assert_false (rf_marking_meets (m, post_miss, 3));
  assert_true (rf_marking_meets (m, post_first, 1));
  assert_false (rf_marking_meets (m, NULL, 0));
  assert_false (rf_marking_meets (e, post_hit, 2));
}

static void
test_fire_dense (void **state)
{
  RfToken pre[] = { TOK (0, 1), TOK (2, 2) };
  RfToken post[] = { TOK (1, 1), TOK (2, 1), TOK (3, 3) };
  guint32 d[4] = { 1, 0, 2, 0 };

  /* enabled: exactly enough */
  assert_true (rf_marking_fire_dense (d, pre, 2, post, 3, NULL, 0));
  assert_int_equal (d[0], 0);
  assert_int_equal (d[1], 1);
  assert_int_equal (d[2], 1);
  assert_int_equal (d[3], 3);

  /* disabled: p0 empty; vector untouched */
  assert_false (rf_marking_fire_dense (d, pre, 2, post, 3, NULL, 0));
  assert_int_equal (d[0], 0);
  assert_int_equal (d[1], 1);
  assert_int_equal (d[2], 1);
  assert_int_equal (d[3], 3);

  /* disabled on the second input only (first would pass): untouched */
  guint32 d2[4] = { 5, 0, 1, 0 };
  assert_false (rf_marking_fire_dense (d2, pre, 2, post, 3, NULL, 0));
  assert_int_equal (d2[0], 5);
  assert_int_equal (d2[2], 1);
  assert_int_equal (d2[3], 0);

  /* generator: always enabled */
  guint32 d3[4] = { 0, 0, 0, 0 };
  assert_true (rf_marking_fire_dense (d3, NULL, 0, post, 3, NULL, 0));
  assert_true (rf_marking_fire_dense (d3, NULL, 0, post, 3, NULL, 0));
  assert_int_equal (d3[1], 2);
  assert_int_equal (d3[2], 2);
  assert_int_equal (d3[3], 6);

  /* resets: inputs taken, reset places emptied, outputs put: t: p0 + 2 p2 -> p1 + p2 +
   * 3 p3, reset {p1, p2} on {2, 5, 4, 1}: {1, 1, 1, 4} */
  guint32 d5[4] = { 2, 5, 4, 1 };
  guint resets[] = { 1, 2 };
  assert_true (rf_marking_fire_dense (d5, pre, 2, post, 3, resets, 2));
  assert_int_equal (d5[0], 1);
  assert_int_equal (d5[1], 1);
  assert_int_equal (d5[2], 1);
  assert_int_equal (d5[3], 4);
  /* disabled: untouched, resets included */
  guint32 d6[4] = { 0, 5, 4, 1 };
  assert_false (rf_marking_fire_dense (d6, pre, 2, post, 3, resets, 2));
  assert_int_equal (d6[1], 5);
  assert_int_equal (d6[2], 4);

  /* sink */
  guint32 d4[4] = { 3, 0, 2, 0 };
  assert_true (rf_marking_fire_dense (d4, pre, 2, NULL, 0, NULL, 0));
  assert_int_equal (d4[0], 2);
  assert_int_equal (d4[2], 0);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_new_normalises),
    cmocka_unit_test (test_ref_unref),
    cmocka_unit_test (test_get),
    cmocka_unit_test (test_leq),
    cmocka_unit_test (test_equal_hash),
    cmocka_unit_test (test_leq_dense),
    cmocka_unit_test (test_pre),
    cmocka_unit_test (test_pre_random),
    cmocka_unit_test (test_meets),
    cmocka_unit_test (test_fire_dense),
  };
  return cmocka_run_group_tests_name ("marking", tests, NULL, NULL);
}
