#include "protocol/web/server.hpp"

#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <csignal>
#include <deque>
#include <iostream>
#include <list>
#include <memory>
#include <mutex>
#include <optional>

namespace menagerie::web {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

namespace {

constexpr size_t kMaxMessage = 1 << 20;     // one WebSocket message from the page
constexpr size_t kMaxQueued = 4096;         // messages waiting for a tab that does not read them
constexpr size_t kMaxTarget = 2048;         // characters of a request's target
constexpr auto kHttpTimeout = std::chrono::seconds(30);

class WsSession;

// What every connection shares: the settings, the search count and the open tabs (closed at shutdown).
struct Shared {
    const ServeConfig& config;
    SearchGate gate;
    std::atomic<int> connections{0};
    std::atomic<int> tabs{0};
    std::list<std::weak_ptr<WsSession>> open;  // touched on the network thread only
    explicit Shared(const ServeConfig& c) : config(c), gate(c.limits.max_searches) {}
};

class WsSession : public std::enable_shared_from_this<WsSession> {
public:
    WsSession(tcp::socket&& socket, Shared& shared) : ws_(std::move(socket)), shared_(shared) {
        ++shared_.connections;
        ++shared_.tabs;
    }
    ~WsSession() {
        client_.reset();
        --shared_.tabs;
        --shared_.connections;
    }

    void run(http::request<http::string_body> request) {
        shared_.open.push_back(weak_from_this());
        websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = std::chrono::seconds(120);
        timeouts.keep_alive_pings = true;
        ws_.set_option(timeouts);
        ws_.read_message_max(kMaxMessage);
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& res) { res.set(http::field::server, "menagerie"); }));
        ws_.async_accept(request, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    // Stops the tab's search and waits for it (shutdown, while the network thread still exists).
    void close() { client_.reset(); }

private:
    void on_accept(beast::error_code ec) {
        if (ec) return;
        auto executor = ws_.get_executor();
        std::weak_ptr<WsSession> weak = weak_from_this();
        client_ = std::make_unique<WebClient>(
            [executor, weak](std::string text) {
                net::post(executor, [weak, text = std::move(text)]() mutable {
                    if (auto self = weak.lock()) self->enqueue(std::move(text));
                });
            },
            shared_.config.limits, shared_.gate);
        read();
    }

    void read() { ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this())); }

    void on_read(beast::error_code ec, size_t) {
        if (ec) {
            // Closed, timed out or a message over the limit: the tab's search stops with it.
            client_.reset();
            return;
        }
        std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (client_) {
            if (!ws_.got_text())
                enqueue("{\"op\":\"error\",\"message\":\"send text messages (JSON)\"}");
            else
                client_->handle(text);
        }
        read();
    }

    void enqueue(std::string text) {
        if (failed_) return;
        if (queue_.size() >= kMaxQueued) {
            // The page does not read its answers: drop the tab rather than hold its messages forever.
            failed_ = true;
            client_.reset();
            beast::get_lowest_layer(ws_).close();
            return;
        }
        queue_.push_back(std::move(text));
        if (queue_.size() == 1) write();
    }

    void write() {
        ws_.text(true);
        ws_.async_write(net::buffer(queue_.front()), beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }

    void on_write(beast::error_code ec, size_t) {
        if (ec) {
            failed_ = true;
            queue_.clear();
            client_.reset();
            return;
        }
        queue_.pop_front();
        if (!queue_.empty()) write();
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    bool failed_ = false;
    Shared& shared_;
    std::unique_ptr<WebClient> client_;
};

// The headers every answer carries: nothing but this server's own page may run or be framed.
template <class Body>
void common_headers(http::response<Body>& res) {
    res.set(http::field::server, "menagerie");
    res.set(http::field::cache_control, "no-cache");
    res.set("X-Content-Type-Options", "nosniff");
    res.set("X-Frame-Options", "DENY");
    res.set("Referrer-Policy", "no-referrer");
    res.set("Content-Security-Policy",
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "frame-ancestors 'none'");
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(tcp::socket&& socket, Shared& shared) : stream_(std::move(socket)), shared_(shared) { ++shared_.connections; }
    ~HttpSession() { --shared_.connections; }

    void run() { net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this())); }

private:
    void read() {
        parser_.emplace();
        parser_->header_limit(16 * 1024);
        parser_->body_limit(16 * 1024);
        stream_.expires_after(kHttpTimeout);
        http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, size_t) {
        if (ec == http::error::end_of_stream || ec == net::error::operation_aborted || ec == beast::error::timeout) {
            close();
            return;
        }
        if (ec) {
            const bool too_big = ec == http::error::body_limit || ec == http::error::header_limit ||
                                 ec == http::error::buffer_overflow;
            text_answer(too_big ? http::status::payload_too_large : http::status::bad_request,
                        std::string("bad request: ") + ec.message(), 11, false);
            return;
        }
        http::request<http::string_body> req = parser_->release();
        const std::string target(req.target());
        if (target.size() > kMaxTarget) return text_answer(http::status::uri_too_long, "the address is too long", req.version(), false);
        const std::string path = target.substr(0, target.find('?'));

        if (websocket::is_upgrade(req)) {
            if (path != "/ws") return text_answer(http::status::not_found, "no WebSocket at " + path, req.version(), false);
            // A page from another site may not drive this engine through the visitor's browser.
            if (auto origin = req.find(http::field::origin); origin != req.end()) {
                const std::string expected = "http://" + std::string(req[http::field::host]);
                if (origin->value() != expected)
                    return text_answer(http::status::forbidden, "WebSocket from another origin refused", req.version(), false);
            }
            if (shared_.tabs.load() >= shared_.config.max_tabs)
                return text_answer(http::status::service_unavailable,
                                   "too many boards open at once (" + std::to_string(shared_.config.max_tabs) +
                                       "); close one and reload",
                                   req.version(), false);
            stream_.expires_never();
            std::make_shared<WsSession>(stream_.release_socket(), shared_)->run(std::move(req));
            return;
        }
        if (req.method() != http::verb::get && req.method() != http::verb::head) {
            http::response<http::string_body> res{http::status::method_not_allowed, req.version()};
            res.set(http::field::allow, "GET, HEAD");
            return send_text(std::move(res), "only GET and HEAD are served", req.keep_alive());
        }
        const Asset* asset = find_asset(path);
        if (!asset) return text_answer(http::status::not_found, "not found: " + path.substr(0, 200), req.version(), req.keep_alive());
        auto res = std::make_shared<http::response<http::span_body<const char>>>(http::status::ok, req.version());
        common_headers(*res);
        res->set(http::field::content_type, asset->type);
        res->keep_alive(req.keep_alive());
        if (req.method() == http::verb::head) {
            res->content_length(asset->size);
        } else {
            res->body() = {reinterpret_cast<const char*>(asset->data), asset->size};
            res->prepare_payload();
        }
        auto self = shared_from_this();
        if (req.method() == http::verb::head) {
            auto header = std::make_shared<http::response_serializer<http::span_body<const char>>>(*res);
            http::async_write_header(stream_, *header, [self, res, header](beast::error_code e, size_t) {
                self->after_write(e, res->keep_alive());
            });
            return;
        }
        http::async_write(stream_, *res, [self, res](beast::error_code e, size_t) { self->after_write(e, res->keep_alive()); });
    }

    void text_answer(http::status status, const std::string& text, unsigned version, bool keep_alive) {
        send_text(http::response<http::string_body>{status, version}, text, keep_alive);
    }

    void send_text(http::response<http::string_body> base, const std::string& text, bool keep_alive) {
        auto res = std::make_shared<http::response<http::string_body>>(std::move(base));
        common_headers(*res);
        res->set(http::field::content_type, "text/plain; charset=utf-8");
        res->keep_alive(keep_alive);
        res->body() = text + "\n";
        res->prepare_payload();
        auto self = shared_from_this();
        http::async_write(stream_, *res, [self, res](beast::error_code e, size_t) { self->after_write(e, res->keep_alive()); });
    }

    void after_write(beast::error_code ec, bool keep_alive) {
        if (ec) return;
        if (!keep_alive) return close();
        read();
    }

    void close() {
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    }

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    Shared& shared_;
};

class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(net::io_context& ioc, tcp::acceptor&& acceptor, Shared& shared)
        : ioc_(ioc), acceptor_(std::move(acceptor)), shared_(shared) {}
    void accept() {
        acceptor_.async_accept(net::make_strand(ioc_), beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }
    void stop() {
        beast::error_code ignored;
        acceptor_.close(ignored);
    }

private:
    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (ec == net::error::operation_aborted) return;
        if (!ec) {
            if (shared_.connections.load() >= shared_.config.max_connections) {
                beast::error_code ignored;
                socket.close(ignored);  // over the limit: closed at once, the others unaffected
            } else {
                // Forget tabs that have gone, so the list stays as long as the open tabs.
                shared_.open.remove_if([](const std::weak_ptr<WsSession>& w) { return w.expired(); });
                // Answers go out at once: with Nagle's algorithm a WebSocket frame written in two pieces waited
                // for the page's delayed acknowledgement (a board view over one segment took 44 ms, not 0.4).
                beast::error_code ignored;
                socket.set_option(tcp::no_delay(true), ignored);
                std::make_shared<HttpSession>(std::move(socket), shared_)->run();
            }
        } else if (ec == net::error::no_descriptors) {
            // Out of file descriptors: wait a moment rather than spin.
            auto timer = std::make_shared<net::steady_timer>(ioc_, std::chrono::milliseconds(100));
            timer->async_wait([self = shared_from_this(), timer](beast::error_code) { self->accept(); });
            return;
        }
        accept();
    }

    net::io_context& ioc_;
    tcp::acceptor acceptor_;
    Shared& shared_;
};

}  // namespace

int serve(const ServeConfig& config) {
    // Declared before the network, so that it outlives the connections the network still holds when it goes.
    Shared shared(config);
    net::io_context ioc{1};
    beast::error_code ec;
    tcp::resolver resolver(ioc);
    auto endpoints = resolver.resolve(config.host, std::to_string(config.port), tcp::resolver::passive, ec);
    if (ec || endpoints.empty()) {
        std::cerr << "menagerie serve: cannot resolve host '" << config.host << "': " << ec.message() << "\n";
        return 1;
    }
    const tcp::endpoint endpoint = endpoints.begin()->endpoint();
    tcp::acceptor acceptor(ioc);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec) {
        std::cerr << "menagerie serve: cannot listen on " << config.host << ":" << config.port << ": " << ec.message() << "\n";
        return 1;
    }
    const uint16_t port = acceptor.local_endpoint().port();
    auto listener = std::make_shared<Listener>(ioc, std::move(acceptor), shared);
    listener->accept();

    net::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](beast::error_code, int) {
        listener->stop();
        ioc.stop();
    });
    std::string shown = endpoint.address().is_v6() ? "[" + endpoint.address().to_string() + "]" : endpoint.address().to_string();
    if (endpoint.address().is_unspecified()) shown = config.host.empty() ? "0.0.0.0" : config.host;
    std::cout << "menagerie: the board is at http://" << shown << ":" << port << "/ (Ctrl-C stops the server)"
              << std::endl;
    ioc.run();
    // Stop every tab's search while the network's queue still exists for their last lines.
    for (auto& weak : shared.open)
        if (auto tab = weak.lock()) tab->close();
    std::cout << "menagerie: server stopped" << std::endl;
    return 0;
}

}  // namespace menagerie::web
