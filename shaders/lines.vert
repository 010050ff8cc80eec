#version 330 core
// Debug lines and points from the engine's debug-draw stream.
layout(location = 0) in vec3 aPosition;  // m, world
layout(location = 1) in vec4 aColor;     // linear RGB, alpha
layout(location = 2) in float aSize;     // pixels, points only

uniform mat4 uViewProj;
uniform float uAlpha;  // 1 for the visible pass, faint for the pass behind surfaces

out vec4 vColor;

void main() {
    gl_Position = uViewProj * vec4(aPosition, 1.0);
    gl_PointSize = aSize;
    vColor = vec4(aColor.rgb, aColor.a * uAlpha);
}
