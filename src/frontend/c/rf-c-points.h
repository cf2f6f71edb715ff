/* rf-c-points: what each pointer expression of a C unit may point to (private to the
 * C front end).
 *
 * An inclusion-based (Andersen) analysis over the whole unit, flow- and
 * context-insensitive, field-sensitive, over the objects and locations of rf-c-object.h
 * (which the lowering shares: the answers are its locations). Every value that may
 * come from outside what the analysis sees (integers turned into pointers, results
 * of functions without a body, memory such functions may write, parameters of main
 * and of module entries, bytes written over pointers) makes a set "unknown": such a
 * set is not complete, and its users fall back on their own conservative answer. */
#pragma once

#include <glib.h>
#include "c-ast.h"
#include "rf-c-type.h"
#include "rf-c-object.h"

G_BEGIN_DECLS

typedef struct _RfCPoints RfCPoints;

/* RfCPointsOptions: what the caller knows better (everything borrowed; NULL fields
 * take the default).
 * objects: the table of objects and locations to use (rf-c-object.h; it must outlive
 *   the analysis): an allocation call whose site has no object there gives an unknown
 *   result; default: a table of the analysis' own, with an untyped object for every
 *   allocation site.
 * started: functions called from outside (main, module entries): their parameters
 *   point anywhere.
 * indirect: the functions a call through a pointer with an unknown set may reach.
 * wrappers: functions each call of which is an allocation site of its own (the object
 *   the call returns is the call's; their bodies are analysed as any other). */
typedef struct {
  RfCObjects *objects;
  const GPtrArray *started;   /* CDecl* */
  const GPtrArray *indirect;  /* CDecl* */
  GHashTable *wrappers;       /* CDecl* set */
} RfCPointsOptions;

/* Analyses every function body and global initializer of UNIT (system headers
 * included) and solves the constraints. TY answers type questions (borrowed, must
 * outlive the result). */
RfCPoints *rf_c_points_analyse (const RfCUnit *unit, RfCTypes *ty, const RfCPointsOptions *opts);

void rf_c_points_free (RfCPoints *pts);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCPoints, rf_c_points_free)

/* The locations pointer expression E may point to, seen as objects of type WANT (a
 * location of another type stands for its subobjects of type WANT, or for its whole
 * object when it has none; NULL or a character or void WANT keeps every location),
 * appended to OUT (const RfCLoc*, borrowed from the objects table) in a fixed order. FALSE, and OUT left
 * alone, when the set is not complete or E was not analysed. An empty complete set:
 * E is only ever null or a string literal. */
gboolean rf_c_points_lookup (RfCPoints *pts, CExpr *e, CType *want, GPtrArray *out);

/* Local or parameter D (not static) may be reached by another thread: a pointer to
 * it may be stored in memory other threads reach, be given to pthread_create, to
 * code without a body, to the variadic part of a call, or be turned into an
 * integer. TRUE when D was not analysed. */
gboolean rf_c_points_local_shared (RfCPoints *pts, CDecl *d);
/* Some call may reach code without a body the caller does not summarise (directly or
 * through a function pointer). */
gboolean rf_c_points_has_unknown_calls (RfCPoints *pts);

/* The functions with a body whose address reaches code without a body (an argument of
 * a call to it, or memory it may read), which may call them at any time: CDecl*,
 * borrowed, in object order (owned array). */
GPtrArray *rf_c_points_escaped_functions (RfCPoints *pts);

/* A call CALL of library function NAME may hand out a pointer into its first
 * argument: it returns one (strchr, memcpy, strcpy, realloc...) and RESULT_USED, or
 * it stores one through its second argument (strtol's end pointer, when given). */
gboolean rf_c_points_leaks_first_argument (CExpr *call, const char *name, gboolean result_used);

/* Every non-empty set of a variable or object cell, one line each, sorted:
 * `NAME.PATH -> {LOC, ...}` (`?` for unknown); then the objects that may hold
 * pointers (and are not declared in a system header) whose every load is unknown:
 * `NAME: smashed` or `NAME: tainted`. Owned. */
char *rf_c_points_to_string (RfCPoints *pts);

G_END_DECLS
