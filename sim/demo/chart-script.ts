/**
 * The browser script of the demo chart page, as text (it runs in the page, not in Node).
 * It reads its config from `#chart-config`, loads 1-minute candles over REST, then keeps the last
 * candle live from the exchange's own socket (Bybit `kline.1.*`, OKX `candle1m` on /business),
 * pinging in each exchange's format so the connection stays up.
 */
export const CHART_SCRIPT = String.raw`
(function () {
  var config = JSON.parse(document.getElementById('chart-config').textContent);
  var canvas = document.getElementById('chart');
  var priceEl = document.getElementById('last-price');
  var candles = [];
  function setPrice(close) {
    priceEl.textContent = close;
    document.title = config.display + ' ' + close + ' · ' + config.exchangeName;
  }
  function upsert(c) {
    var last = candles[candles.length - 1];
    if (last && last.t === c.t) candles[candles.length - 1] = c; else if (!last || c.t > last.t) candles.push(c);
    if (candles.length > 120) candles.shift();
    setPrice(c.closeText);
    draw();
  }
  function row(t, o, h, l, c) { return { t: Number(t), o: Number(o), h: Number(h), l: Number(l), c: Number(c), closeText: c }; }
  function draw() {
    var ratio = window.devicePixelRatio || 1;
    var w = canvas.clientWidth, h = canvas.clientHeight;
    canvas.width = w * ratio; canvas.height = h * ratio;
    var g = canvas.getContext('2d');
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.fillStyle = '#131722'; g.fillRect(0, 0, w, h);
    if (candles.length === 0) return;
    var hi = -Infinity, lo = Infinity;
    candles.forEach(function (c) { hi = Math.max(hi, c.h); lo = Math.min(lo, c.l); });
    var pad = (hi - lo) * 0.1 || 1; hi += pad; lo -= pad;
    var step = (w - 70) / candles.length;
    var y = function (p) { return ((hi - p) / (hi - lo)) * h; };
    g.strokeStyle = '#2a2e39'; g.fillStyle = '#787b86'; g.font = '11px sans-serif';
    for (var i = 0; i <= 5; i++) {
      var p = lo + ((hi - lo) * i) / 5;
      g.beginPath(); g.moveTo(0, y(p)); g.lineTo(w - 70, y(p)); g.stroke();
      g.fillText(p.toFixed(2), w - 65, Math.min(h - 4, Math.max(12, y(p) + 4)));
    }
    candles.forEach(function (c, i) {
      var up = c.c >= c.o, x = i * step + step / 2;
      g.strokeStyle = g.fillStyle = up ? '#26a69a' : '#ef5350';
      g.beginPath(); g.moveTo(x, y(c.h)); g.lineTo(x, y(c.l)); g.stroke();
      var top = y(Math.max(c.o, c.c)), body = Math.max(1, Math.abs(y(c.o) - y(c.c)));
      g.fillRect(x - step * 0.35, top, step * 0.7, body);
    });
  }
  function connect() {
    var ws = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + config.wsPath);
    var ping;
    ws.onopen = function () {
      ws.send(JSON.stringify(config.subscribe));
      ping = setInterval(function () { ws.send(config.exchange === 'okx' ? 'ping' : '{"op":"ping"}'); }, 20000);
    };
    ws.onmessage = function (event) {
      if (event.data === 'pong') return;
      var msg = JSON.parse(event.data);
      if (config.exchange === 'okx' && msg.data && msg.arg && msg.arg.channel === 'candle1m') {
        msg.data.forEach(function (k) { upsert(row(k[0], k[1], k[2], k[3], k[4])); });
      } else if (config.exchange === 'bybit' && msg.topic && msg.data) {
        msg.data.forEach(function (k) { upsert(row(k.start, k.open, k.high, k.low, k.close)); });
      }
    };
    ws.onclose = function () { clearInterval(ping); setTimeout(connect, 1000); };
  }
  fetch(config.candlesUrl).then(function (r) { return r.json(); }).then(function (body) {
    var rows = config.exchange === 'okx' ? body.data : body.result.list;
    rows.slice().reverse().forEach(function (k) { upsert(row(k[0], k[1], k[2], k[3], k[4])); });
    connect();
  });
  window.addEventListener('resize', draw);
})();
`;
