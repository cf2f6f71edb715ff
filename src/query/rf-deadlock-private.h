/* rf-deadlock-private: the rooms of the deadlock queries (rf-deadlock.c) and what they
 * share: the join misuse queries live in rf-deadlock-join.c, the lost wake-ups in
 * rf-deadlock-wakeup.c. */
#pragma once

#include "rf-deadlock.h"

G_BEGIN_DECLS

/* The change transition T makes to place P's tokens (what it puts there less what it
 * takes). */
gint rf_deadlock_place_delta (const RfTransition *t, guint p);

/* Appends to OUT the join misuse queries of NET (built from PROG), in a fixed order: a
 * self-join by pthread_join (pthread_self ()) when the program has one, then per thread
 * handle the program notes (RfHandle, in its order) a self-join query when a thread
 * created into it may join it, and a join-of-detached query when a thread may join it
 * and something may detach its thread (rf-deadlock-join.c). */
void rf_deadlock_join_queries (const RfProgram *prog, const RfNet *net, GPtrArray *out);

/* Confirms V's witness (its interleaving set) for target TARGET of join query Q: a
 * thread it leaves on the target's join place joins itself, or a thread detached before
 * (see rf-deadlock-join.c). Fills v->threads (one thread) or returns FALSE. */
gboolean rf_deadlock_join_confirm (const RfProgram *prog, const RfNet *net, const RfDeadlockQuery *q,
                                   guint target, RfDeadlockVerdict *v);

/* rf-deadlock-wakeup.c. Lost wake-ups: per condition variable and semaphore of NET
 * (not the model's own, whose names have a '$'), a query of kind
 * RF_DEADLOCK_LOST_WAKEUP whose places are where a thread waits on it (targets: one
 * marking per place); none when NET starts threads at any time (omega places: another
 * thread may always come and signal). Appended to OUT. */
void rf_deadlock_wakeup_queries (const RfProgram *prog, const RfNet *net, GPtrArray *out);

/* Searches forward (at most RF_WAKEUP_MAX_STATES markings, within BUDGET) for a run
 * that leaves a thread waiting on Q's variable with no thread able to signal or post it
 * again; fills V (status FOUND with the waiting thread, or UNKNOWN with why). */
void rf_deadlock_wakeup_check (const RfNet *net, const RfDeadlockQuery *q, const RfCoverBudget *budget,
                               RfDeadlockVerdict *v);

G_END_DECLS
