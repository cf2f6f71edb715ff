/* rf-c-type: questions about the types of C expressions, shared by the lowering and
 * the points-to analysis (private to the C front end).
 *
 * Types come from the tree (declarations, casts) or are made here for expressions
 * whose type the tree does not hold (`&x`, `p + 1`, comparisons); those live as long
 * as the RfCTypes that made them. A type is NULL when it is unknown. */
#pragma once

#include <glib.h>
#include "c-ast.h"

G_BEGIN_DECLS

/* RfCTypes: the types made while answering (owned, freed with it) and the recursion
 * depth of rf_c_type_of. */
typedef struct _RfCTypes RfCTypes;

RfCTypes *rf_c_types_new (void);
void rf_c_types_free (RfCTypes *ty);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCTypes, rf_c_types_free)

/* T without typedefs and typeof; NULL stays NULL. */
CType *rf_c_type_strip (RfCTypes *ty, CType *t);
/* The type of E (borrowed), or NULL when unknown. */
CType *rf_c_type_of (RfCTypes *ty, CExpr *e);
/* The declared type of D (__auto_type: its initializer's). */
CType *rf_c_type_of_decl (RfCTypes *ty, CDecl *d);
/* A pointer type to BASE, made here. */
CType *rf_c_type_pointer_to (RfCTypes *ty, CType *base);
/* T is a pointer or an array. */
gboolean rf_c_type_is_pointerish (RfCTypes *ty, CType *t);
/* What pointer or array type T points to, or NULL. */
CType *rf_c_type_pointee (RfCTypes *ty, CType *t);
/* The type of member NAME of struct/union type T (anonymous members searched), or NULL. */
CType *rf_c_type_member (RfCTypes *ty, CType *t, const char *name);
/* Pointee type T matches every object (void, character types, unknown). */
gboolean rf_c_type_is_any (RfCTypes *ty, CType *t);
/* An object of type A may be accessed through an lvalue of type B (arrays as their
 * elements, signedness ignored, any pointer with any pointer; unknown matches all). */
gboolean rf_c_type_compatible (RfCTypes *ty, CType *a, CType *b);
/* An object of type T may hold a pointer (unknown types may). */
gboolean rf_c_type_holds_pointers (RfCTypes *ty, CType *t);
/* T holds data other than pointers (unknown types may). */
gboolean rf_c_type_holds_scalars (RfCTypes *ty, CType *t);
/* T is qualified _Atomic (through typedefs). */
gboolean rf_c_type_is_atomic (CType *t);
/* The pthread or semaphore typedef T is spelt with, when T is a synchronisation object
 * (pthread_mutex_t, pthread_cond_t, pthread_rwlock_t, pthread_spinlock_t, sem_t,
 * pthread_barrier_t, pthread_once_t), else NULL. Static. */
const char *rf_c_type_sync_kind (CType *t);
/* T is, or holds (as a member or element), a synchronisation object. */
gboolean rf_c_type_holds_sync (RfCTypes *ty, CType *t);

G_END_DECLS
