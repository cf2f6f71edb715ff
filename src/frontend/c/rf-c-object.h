/* rf-c-object: the abstract objects and locations of a C program, one model for the
 * lowering and the points-to analysis (private to the C front end).
 *
 * An object is a variable (global, static, local, parameter), a function, a heap
 * allocation site, a compound literal, a function's struct result, main's arguments,
 * the C library's hidden state, or memory the program does not name (external memory,
 * client memory in module mode). Each object has one key, whoever meets it first: a declaration (a global
 * with external linkage: its interned name, so that every declaration of it is one
 * object), the allocation call, the compound literal, an interned name for the
 * others. A location is an object and a field path: "" the whole object, ".f" a
 * member, "[]" the elements of an array (an array is one location), ".a[].b"; a union
 * is one location. Locations are interned: one RfCLoc per object and normal path.
 *
 * Both analyses read and write the same objects: the points-to analysis answers with
 * locations of this table, and the lowering makes some objects roots of the program
 * model (those other threads may reach), naming them as the user would. Each keeps
 * the rest of what it knows about an object in its own arrays, by object id. */
#pragma once

#include <glib.h>
#include "c-ast.h"
#include "rf-c-type.h"

G_BEGIN_DECLS

typedef enum {
  RF_C_OBJ_VAR,       /* key: the CDecl (a global with external linkage: its interned name) */
  RF_C_OBJ_FUNC,      /* key: the definition (a CDecl with a body), or the interned name */
  RF_C_OBJ_HEAP,      /* key: the allocation call (CExpr) */
  RF_C_OBJ_LITERAL,   /* key: the compound literal (CExpr) */
  RF_C_OBJ_TEMP,      /* key: the function (CDecl) whose struct result it is */
  RF_C_OBJ_ARGV,      /* key: RF_C_OBJ_ARGV_ARRAY or RF_C_OBJ_ARGV_STRINGS (interned) */
  RF_C_OBJ_EXTERNAL,  /* memory only code without a body names (key: "$external") */
  RF_C_OBJ_CLIENT,    /* module mode: memory of the clients (key: "$client"), the client
                       * objects of a struct type (key: "struct T"), a representative
                       * one of them (key: "$rep:struct T"); interned */
  RF_C_OBJ_STRINGS,   /* every string literal, one read-only object (key: "$strings"):
                       * a pointer to a literal is not a null pointer, but no access
                       * through it can race (a write to a literal is undefined) */
  RF_C_OBJ_LIBSTATE,  /* hidden state of the C library (key: its interned name, such
                       * as "localtime() state"; rf-c-libc.h): untyped, it holds
                       * pointers only into itself or to what the program gave it */
} RfCObjKind;

/* Keys (interned strings) of the objects main's argv and envp point to: the array of
 * argument pointers and the argument strings. */
#define RF_C_OBJ_ARGV_ARRAY "$argv"
#define RF_C_OBJ_ARGV_STRINGS "$argv-strings"

typedef struct _RfCObj RfCObj;

/* RfCObj: one abstract object. Identity: id (its index in the table), kind, key; decl:
 * VAR and FUNC, a declaration of it; fn: a local's (or static local's) function, else
 * NULL; type: its type (a parameter's adjusted type, __auto_type resolved), NULL when
 * unknown (an untyped heap object, external or client memory); loc: where it is
 * declared or made.
 * The lowering's facts (see rf-c-lower.c): the object is a root of the program model
 * iff name != NULL (owned, unique among roots); summary: it may stand for several
 * objects alive at once (a heap site, an array, a local of a function several threads
 * run), so a lock in it gives no exclusion; reachable: pointers may reach it (its
 * address is taken, or code without a body may name it); private_: a heap site whose
 * objects never leave the thread that made them; representative: the one tracked
 * client object of module mode; rep: on the client objects of a struct type, their
 * representative; clients: on an allocation site, the client objects (RfCObj*,
 * borrowed) whose places an access to it also touches. */
struct _RfCObj {
  guint id;
  RfCObjKind kind;
  gconstpointer key;
  CDecl *decl;
  CDecl *fn;
  CType *type;
  RfLoc loc;
  char *name;
  gboolean summary;
  gboolean reachable;
  gboolean private_;
  gboolean representative;
  RfCObj *rep;
  GPtrArray *clients;
};

/* RfCLoc: a location, interned in its table (never freed on its own). path: normal
 * (see rf_c_objects_loc), owned by the table; type: the type at path, NULL when unknown;
 * id: its index among the table's locations (creation order). */
typedef struct {
  guint id;
  RfCObj *obj;
  const char *path;
  CType *type;
} RfCLoc;

typedef struct _RfCObjects RfCObjects;

/* A new empty table; TY answers its type questions (borrowed, must outlive it). */
RfCObjects *rf_c_objects_new (RfCTypes *ty);
void rf_c_objects_free (RfCObjects *objs);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RfCObjects, rf_c_objects_free)

/* The object of KIND with KEY, or NULL. */
RfCObj *rf_c_objects_find (RfCObjects *objs, RfCObjKind kind, gconstpointer key);
/* The object of KIND with KEY, made (with TYPE and LOC) when there is none yet. */
RfCObj *rf_c_objects_get (RfCObjects *objs, RfCObjKind kind, gconstpointer key, CType *type, RfLoc loc);
/* The object of variable or parameter D (FN: the function of a local). */
RfCObj *rf_c_objects_var (RfCObjects *objs, CDecl *d, CDecl *fn);
/* The key of variable D's object. */
gconstpointer rf_c_objects_var_key (CDecl *d);

guint rf_c_objects_n (RfCObjects *objs);
RfCObj *rf_c_objects_nth (RfCObjects *objs, guint id);
guint rf_c_objects_n_locs (RfCObjects *objs);
const RfCLoc *rf_c_objects_nth_loc (RfCObjects *objs, guint id);

/* The location of OBJ at PATH, made normal: the segments a location keeps are the
 * members of a struct and the elements of an array; any other segment is skipped (a
 * union stays whole, an untyped object too). */
const RfCLoc *rf_c_objects_loc (RfCObjects *objs, RfCObj *obj, const char *path);

/* PATH in OBJ made normal as above (CELL false), or as a points-to cell path (CELL
 * true: it also stops at the first segment a location path would skip and at every
 * union, members of an anonymous union included, so that memory that may be shared
 * has one cell). *TYPE, when TYPE is non-NULL: the type there. Owned. */
char *rf_c_objects_normal_path (RfCObjects *objs, RfCObj *obj, const char *path, gboolean cell, CType **type);

/* LOC's member FIELD: for a bit-field, the first named member of its run of adjacent
 * bit-fields of nonzero width, which C11 counts as one memory location. A location
 * that is not of a struct type stays LOC (a union, an untyped object). */
const RfCLoc *rf_c_objects_member (RfCObjects *objs, const RfCLoc *loc, const char *field);
/* LOC's elements when it is an array, else LOC. */
const RfCLoc *rf_c_objects_element (RfCObjects *objs, const RfCLoc *loc);
/* The member of struct type T (typedefs stripped) that holds FIELD's memory location:
 * FIELD, or for a bit-field the head of its run (see rf_c_objects_member). */
const char *rf_c_objects_bitfield_head (RfCObjects *objs, CType *t, const char *field);

/* The subobjects of OBJ at PATH (of type TYPE) that an lvalue of type WANT may denote,
 * appended to OUT (const RfCLoc*): the location itself when its type is compatible,
 * else, depth first, the matching elements of an array and members of a struct; a
 * union whose members hold a match is one location. */
void rf_c_objects_match (RfCObjects *objs, RfCObj *obj, const char *path, CType *type, CType *want, GPtrArray *out);

/* LOC seen as an object of type WANT, appended to OUT (const RfCLoc*): LOC itself when
 * its type fits (or either is unknown, or WANT is a character or void type, or LOC is
 * a function); else its subobjects of type WANT, else those of its whole object, else
 * the whole object (a pointer cast to another struct type may point to an enclosing
 * object: container_of). */
void rf_c_objects_view (RfCObjects *objs, const RfCLoc *loc, CType *want, GPtrArray *out);

G_END_DECLS
