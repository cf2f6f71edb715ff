/* rf-slice: the part of a program's net that matters for one shared data variable,
 * so that a picture of a real program stays readable.
 *
 * The slice of variable v keeps (rules in the order they are applied; "can get to"
 * means by moves from a job entry, so dead code is never kept):
 *  1. the access transitions of v: those that take or put a token on Read_v or Write_v
 *     (or empty one: a reset) from a control place a thread can get to;
 *  2. the control places a thread can get to from which it can reach an access of v,
 *     by its own moves or by creating a thread that can (backward closure along
 *     pc_from -> pc_to and pc_from -> spawned entry), and every transition leaving
 *     such a place: the creation paths from main and the locks, waits and other steps
 *     before an access;
 *  3. the critical sections around the accesses: from a place where a kept transition
 *     ends outside rule 2, the moves of a thread that may still hold a lock held at
 *     some access of v, up to and including the one that releases it (locks held: a
 *     may-analysis from the job entries, where an acquire or a wrlock adds its lock
 *     and a release or an unlock giving it back removes it; an rwlock's rdlock holds
 *     nothing);
 *  4. the places those transitions leave or reach (control places), the entry of a
 *     created job type when rule 2 keeps it, Read_v and Write_v when a kept
 *     transition touches them (both when v has no access), and every lock, rwlock
 *     and signal place a kept transition touches (takes from, puts on or empties);
 *  5. the accesses of other variables on those paths as one step each: the begin
 *     transition stands for the whole access and leads to the place after its end;
 *     the end transition and the place in between are left out (rf_net_slice_add_transition
 *     draws both again when a witness fires one of them).
 * Read/Write places of other variables are never kept. A slice is a set of places and
 * transitions for pictures, not a net to check. */
#pragma once

#include <glib.h>
#include "rf-net.h"

G_BEGIN_DECLS

/* RfNetSlice: kept flags for the places and transitions of one net (by id), which it
 * borrows. Invariant: every kept transition's pc_from and its pc_to (or its shortcut
 * target) are kept places. */
typedef struct _RfNetSlice RfNetSlice;

/* The slice of NET for data variable VAR (a program var id with Read/Write places). */
RfNetSlice *rf_net_slice_new (const RfNet *net, guint var);
/* An empty slice of NET, to which rf_net_slice_add_transition and rf_net_slice_add_place
 * add what is drawn (the part of the net a witness touches, say). */
RfNetSlice *rf_net_slice_new_empty (const RfNet *net);
void rf_net_slice_free (RfNetSlice *slice);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfNetSlice, rf_net_slice_free)

gboolean rf_net_slice_has_place (const RfNetSlice *slice, guint place);
gboolean rf_net_slice_has_transition (const RfNetSlice *slice, guint transition);

/* When T is drawn as a whole access of another variable (rule 5), the place its arc
 * leads to instead of its pc_to (the place after the access); else -1. */
gint rf_net_slice_get_shortcut (const RfNetSlice *slice, guint t);

/* Adds transition T of NET with its control places (pc_from, pc_to, spawn) and the
 * lock and signal places it touches (used to draw every step of a witness). */
void rf_net_slice_add_transition (RfNetSlice *slice, const RfNet *net, guint t);
/* Adds one place. */
void rf_net_slice_add_place (RfNetSlice *slice, guint place);

G_END_DECLS
