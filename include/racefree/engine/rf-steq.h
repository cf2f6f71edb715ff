/* rf-steq: the state equation over the rationals as a test that a marking is not
 * coverable, with exact integer certificates.
 *
 * A marking M reachable from the initial marking M0 satisfies M = M0 + C·x for the
 * firing count vector x >= 0 (C the incidence matrix). So a marking m is coverable only
 * if M0 + C·x >= m has a rational solution x >= 0; rows of omega places (any number of
 * initial tokens) are left out. The test solves that linear program with GLPK's dual
 * simplex, warm-started from the previous basis (only the right-hand side changes from
 * one marking to the next). GLPK computes in floating point, so an "infeasible" answer
 * is never trusted as such: the simplex tableau row that proves it gives a Farkas
 * multiplier vector y >= 0 over the places with y·C <= 0 and y·m > y·M0; it is rounded
 * to integers and checked exactly. Only a checked certificate prunes. The certificate
 * is a linear inequality y·M <= y·M0 that every reachable marking satisfies (no
 * transition increases the weighted sum), so it also prunes every later marking it is
 * violated by, without a linear program (the caller keeps them).
 *
 * Reset arcs (rf-net.h). Firing t with reset set R gives M' = reset_R(M - pre) + post,
 * so M'(p) = M(p) + C(p,t) off R and M'(p) = post(p) <= M(p) + C(p,t) on R (M(p) >=
 * pre(p) when t fires): M' <= M + C·e_t, with equality on the places no transition
 * resets. By induction every reachable M satisfies M <= M0 + C·x (x the firing
 * counts): a reset place's row of the marking equation becomes an inequality. The
 * program asks M0 + C·x >= m anyway (coverability), so a reachable M >= m still gives
 * a solution, and the program is unchanged: C is still post - pre, resets ignored.
 * A certificate stays valid as well: for y >= 0 with y·C <= 0, each firing gives
 * y·M' <= y·(M + C·e_t) <= y·M (weights are non-negative and a reset only takes
 * tokens away), so y·M <= y·M0 in every reachable marking. */
#pragma once

#include <glib.h>
#include "rf-net.h"

G_BEGIN_DECLS

typedef struct _RfSteq RfSteq;

/* LIVE: per transition, FALSE when it can never fire (it is then left out of C);
 * NULL means every transition may fire. Borrowed for the call only. */
RfSteq *rf_steq_new (const RfNet *net, const gboolean *live);
void rf_steq_free (RfSteq *steq);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfSteq, rf_steq_free)

/* FALSE when the state equation proves that no reachable marking covers M; then
 * *certificate (if CERTIFICATE is non-NULL) is a new RfInvariant whose weights give
 * an inequality weights·M' <= total that every reachable M' satisfies and M violates.
 * TRUE when the equation has a solution or the solver could not certify that it has
 * none (numerical trouble errs toward TRUE). */
gboolean rf_steq_may_cover (RfSteq *steq, const RfMarking *m, RfInvariant **certificate);

/* Limits for each later linear program: simplex iterations and seconds (0: none).
 * A program that reaches a limit counts as having a solution (no pruning). */
void rf_steq_set_limits (RfSteq *steq, guint max_pivots, gdouble max_seconds);

/* Counters: linear programs solved, simplex iterations, infeasible answers that no
 * exact certificate confirmed, programs stopped by a limit (neither pruned). */
guint64 rf_steq_n_solved (const RfSteq *steq);
guint64 rf_steq_n_pivots (const RfSteq *steq);
guint64 rf_steq_n_uncertified (const RfSteq *steq);
guint64 rf_steq_n_unfinished (const RfSteq *steq);
/* Non-zero entries of the linear program's matrix, and its rows (places that are
 * not omega). */
guint64 rf_steq_n_entries (const RfSteq *steq);
guint rf_steq_n_rows (const RfSteq *steq);

G_END_DECLS
