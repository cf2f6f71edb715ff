/* rf-marking: sparse Petri-net markings and the operations backward search needs. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* RfToken: `count` tokens on place `place`. In a token vector, entries are sorted by
 * strictly increasing place and every count is > 0. */
typedef struct {
  guint32 place;
  guint32 count;
} RfToken;

/* RfMarking: an immutable sparse marking (a multiset of places).
 * Invariant: e[0..n) sorted by strictly increasing place, every count > 0;
 * norm = sum of counts; sig has bit (place % 64) set for every place in the support,
 * so a <= b implies (a->sig & ~b->sig) == 0. Markings are reference counted; never
 * modified once built. */
typedef struct _RfMarking RfMarking;
struct _RfMarking {
  gint ref;
  guint32 n;
  guint64 norm;
  guint64 sig;
  RfToken e[];
};

/* Builds a marking from tokens in any order; duplicate places are added, zero counts
 * dropped. */
RfMarking *rf_marking_new (const RfToken *tokens, guint n);
/* The empty marking. */
RfMarking *rf_marking_new_empty (void);
RfMarking *rf_marking_ref (RfMarking *m);
void rf_marking_unref (RfMarking *m);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfMarking, rf_marking_unref)

guint32 rf_marking_get (const RfMarking *m, guint32 place);

/* a <= b pointwise (b covers a). */
gboolean rf_marking_leq (const RfMarking *a, const RfMarking *b);
gboolean rf_marking_equal (const RfMarking *a, const RfMarking *b);
guint rf_marking_hash (const RfMarking *m);

/* m <= bound pointwise where bound is a dense vector of n_places entries and
 * omega[p] (may be NULL) marks places holding any number of tokens. */
gboolean rf_marking_leq_dense (const RfMarking *m, const guint32 *bound, const gboolean *omega);

/* Minimal predecessor of the upward closure of M through a transition with input
 * vector PRE, output vector POST (token vectors) and reset set RESETS[0..N_RESETS)
 * (places, sorted, unique; the transition empties them after taking its inputs and
 * before putting its outputs):
 *   NULL when some reset place p has M(p) > POST(p) (after the transition p holds
 *   exactly POST(p) tokens, so no firing of it covers M);
 *   else result(p) = max(M(p) - POST(p), 0) + PRE(p) for every place p.
 * (On a reset place p with M(p) <= POST(p) both readings agree: result(p) = PRE(p).)
 * Every marking >= result can fire the transition and then covers M; every marking
 * that can fire it and then covers M is >= result. */
RfMarking *rf_marking_pre (const RfMarking *m, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                           const guint *resets, guint n_resets);

/* TRUE when POST puts a token on some place in M's support (only such transitions
 * give predecessors not already covered by M). */
gboolean rf_marking_meets (const RfMarking *m, const RfToken *post, guint n_post);

/* Dense forward firing of a transition with input PRE, output POST and reset set
 * RESETS[0..N_RESETS): TRUE and DENSE := reset(DENSE - PRE) + POST when enabled
 * (DENSE >= PRE), where reset sets every place of RESETS to 0; FALSE and DENSE
 * untouched otherwise. */
gboolean rf_marking_fire_dense (guint32 *dense, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                                const guint *resets, guint n_resets);

G_END_DECLS
