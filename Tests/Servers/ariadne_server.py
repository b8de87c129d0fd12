"""A real GraphQL server for CacheLens's network tests: Ariadne (graphql-core) under the
standard library's wsgiref, on 127.0.0.1 at a free port.

Prints the port on the first line of standard output, then serves until standard input closes
(so it never outlives the test process that started it).

Routes (all POST, GraphQL over HTTP JSON):
  /graphql                 the schema below
  /graphql-no-introspection the same schema with introspection switched off (Ariadne answers
                           400 with a GraphQL error)
  /redirect/CODE           answers CODE (301, 302, 303, 307, 308) with Location: /graphql
  /redirect-away/CODE      answers CODE with Location on another origin (localhost instead of
                           127.0.0.1), whose /graphql echoes the headers it received
  /unauthorized            answers every request 401 (a server wanting a token the client lacks)
"""
import os
import sys
import threading
import time
from socketserver import ThreadingMixIn
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from ariadne import QueryType, make_executable_schema, ObjectType, InterfaceType
from ariadne.wsgi import GraphQL

SDL = """
type Query {
  hero(episode: Episode): Character
  droid(id: ID!): Droid
  human(id: ID!): Human
  heroes(episode: Episode): [Character!]!
  slow(seconds: Float!): String
  big(count: Int!): [Item!]!
  headers: [Header!]!
  broken: String
}
enum Episode { NEWHOPE EMPIRE JEDI }
interface Character { id: ID! name: String! friends: [Character] }
type Human implements Character { id: ID! name: String! friends: [Character] homePlanet: String }
type Droid implements Character { id: ID! name: String! friends: [Character] primaryFunction: String }
type Item { id: ID! text: String! }
type Header { name: String! value: String! }
"""

CHARACTERS = {
    "1000": {"__typename": "Human", "id": "1000", "name": "Luke Skywalker", "homePlanet": "Tatooine", "friends": ["2001", "1002"]},
    "1002": {"__typename": "Human", "id": "1002", "name": "Han Solo", "homePlanet": None, "friends": ["1000"]},
    "2001": {"__typename": "Droid", "id": "2001", "name": "R2-D2", "primaryFunction": "Astromech", "friends": ["1000"]},
}

query = QueryType()
character = InterfaceType("Character")
friends_of = ObjectType("Human"), ObjectType("Droid")


@character.type_resolver
def resolve_character_type(obj, *_):
    return obj["__typename"]


def resolve_friends(obj, *_):
    return [CHARACTERS[key] for key in obj["friends"]]


for kind in friends_of:
    kind.set_field("friends", resolve_friends)


@query.field("hero")
def resolve_hero(*_, episode=None):
    return CHARACTERS["1000" if episode == "EMPIRE" else "2001"]


@query.field("droid")
def resolve_droid(*_, id):
    found = CHARACTERS.get(id)
    return found if found and found["__typename"] == "Droid" else None


@query.field("human")
def resolve_human(*_, id):
    found = CHARACTERS.get(id)
    return found if found and found["__typename"] == "Human" else None


@query.field("heroes")
def resolve_heroes(*_, episode=None):
    return [CHARACTERS["2001"], CHARACTERS["1000"]]


@query.field("slow")
def resolve_slow(*_, seconds):
    time.sleep(seconds)
    return "slept"


@query.field("big")
def resolve_big(*_, count):
    return [{"id": str(i), "text": "item %d of a long list" % i} for i in range(count)]


@query.field("headers")
def resolve_headers(_, info):
    environ = info.context["request"]
    return [{"name": key[5:].replace("_", "-").lower(), "value": value}
            for key, value in sorted(environ.items()) if key.startswith("HTTP_")]


@query.field("broken")
def resolve_broken(*_):
    raise ValueError("broken on purpose")


schema = make_executable_schema(SDL, query, character, *friends_of)
graphql_app = GraphQL(schema, debug=False)
no_introspection_app = GraphQL(schema, debug=False, introspection=False)


def application(environ, start_response):
    path = environ.get("PATH_INFO", "")
    port = environ["SERVER_PORT"]
    for prefix, host in (("/redirect/", "127.0.0.1"), ("/redirect-away/", "localhost")):
        if path.startswith(prefix):
            code = path[len(prefix):]
            reasons = {"301": "Moved Permanently", "302": "Found", "303": "See Other",
                       "307": "Temporary Redirect", "308": "Permanent Redirect"}
            start_response("%s %s" % (code, reasons.get(code, "Redirect")),
                           [("Location", "http://%s:%s/graphql" % (host, port)), ("Content-Length", "0")])
            return [b""]
    if path == "/unauthorized":
        start_response("401 Unauthorized", [("Content-Type", "text/plain"), ("WWW-Authenticate", "Bearer")])
        return [b"missing token"]
    if path == "/graphql-no-introspection":
        return no_introspection_app(environ, start_response)
    if path != "/graphql":
        start_response("404 Not Found", [("Content-Type", "text/plain")])
        return [b"no route " + path.encode()]
    return graphql_app(environ, start_response)


class ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class QuietHandler(WSGIRequestHandler):
    def log_message(self, *args):
        pass


def main():
    server = make_server("127.0.0.1", 0, application, server_class=ThreadingServer, handler_class=QuietHandler)
    print(server.server_port, flush=True)

    def stop_when_stdin_closes():
        sys.stdin.read()
        os._exit(0)

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
